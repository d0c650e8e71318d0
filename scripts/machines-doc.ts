// Writes docs/machines.md from the machines' own definitions (npm run docs:machines), so the
// diagrams never drift from the code; scripts/machines-doc.test.ts fails when the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import es from '#locales/es.json' with { type: 'json' };
import ptBR from '#locales/pt-BR.json' with { type: 'json' };
import { machines, type MachineName } from '#machines/index';
import { eventLabelKey, stateLabelKey } from '#machines/labels';

export const DOC_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines.md');

const SOURCES: Record<MachineName, { title: string; file: string }> = {
  ticket: { title: 'Ticket (solicitud)', file: 'ticket.ts' },
  failure: { title: 'Failure (falla)', file: 'failure.ts' },
  ac: { title: 'AC (acta de conformidad)', file: 'ac.ts' },
  order: { title: 'Order (OI / OT)', file: 'order.ts' },
  ficha: { title: 'Ficha (unit delivery record)', file: 'ficha.ts' },
  deliverySchedule: { title: 'Delivery schedule', file: 'delivery-schedule.ts' },
  course: { title: 'Course assignment', file: 'course.ts' },
  uploadItem: { title: 'Upload item', file: 'upload-item.ts' },
  webhookEvent: { title: 'Webhook event', file: 'webhook-event.ts' },
  integration: { title: 'Integration', file: 'integration.ts' },
  user: { title: 'User', file: 'user.ts' },
  cmTicket: { title: 'Cmanagement ticket', file: 'cm-ticket.ts' },
  cmIssue: { title: 'Cmanagement issue', file: 'cm-issue.ts' },
  cmTask: { title: 'Cmanagement task', file: 'cm-task.ts' },
  bimFile: { title: 'BIM model file', file: 'bim-file.ts' },
  placement: { title: 'Concrete placement (vaciado)', file: 'concrete-placement.ts' },
  batch: { title: 'Concrete batch (lote)', file: 'concrete-batch.ts' },
  reception: { title: 'Reception inspection (recepción)', file: 'reception.ts' },
  followUp: { title: 'Reception follow-up (seguimiento)', file: 'reception-follow-up.ts' },
};

type Tree = { [key: string]: string | Tree };
export function lookup(catalog: object, key: string): string | undefined {
  let node: string | Tree | undefined = catalog as Tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

type Guard = string | { type: string; params?: unknown } | { name?: string; guards?: Guard[] } | undefined;

/** Guards as written in the machine: names, parameters, and/or/not. */
export function formatGuard(guard: Guard): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function' || 'guards' in guard) {
    const { name, guards = [] } = guard as { name?: string; guards?: Guard[] };
    if (name === 'not') return `not ${formatGuard(guards[0])}`;
    return guards.map(formatGuard).join(name === 'or' ? ' or ' : ' and ');
  }
  if ('type' in guard) {
    const params = guard.params && typeof guard.params === 'object' ? Object.values(guard.params).join(', ') : '';
    return params ? `${guard.type}(${params})` : guard.type;
  }
  return 'inline guard';
}

function actionNames(actions: readonly unknown[]): string[] {
  return actions.map((action) => {
    if (typeof action === 'string') return action;
    if (action && typeof action === 'object' && 'type' in action) return String((action as { type: string }).type);
    return 'inline action';
  });
}

/** Mermaid id of a node: its path without the machine id ('user.correo.verificado' → correo_verificado). */
const mermaidId = (node: AnyStateNode) => node.path.join('_');

type Row = { from: string; event: string; guard: string; to: string; updates: string[]; effects: string[] };

function transitionsOf(machine: AnyStateMachine, node: AnyStateNode): Row[] {
  const isEffect = (name: string) => {
    const impl = machine.implementations.actions[name] as unknown;
    return typeof impl === 'function' && !('resolve' in impl);
  };
  return [...node.transitions.entries()].flatMap(([event, definitions]) =>
    definitions.flatMap((definition) => {
      const names = actionNames(definition.actions);
      const targets = definition.target ?? [node];
      return targets.map((target) => ({
        from: mermaidId(node),
        event,
        guard: formatGuard(definition.guard as Guard),
        to: mermaidId(target),
        updates: names.filter((name) => !isEffect(name)),
        effects: names.filter(isEffect),
      }));
    }),
  );
}

function renderChildren(machine: AnyStateMachine, parent: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(parent.states);
  if (parent.type === 'parallel') {
    children.forEach((region, index) => {
      if (index > 0) lines.push(`${indent}--`);
      lines.push(`${indent}state ${region.key} {`, ...renderChildren(machine, region, `${indent}  `), `${indent}}`);
    });
    return lines;
  }
  const initial = parent.initial?.target?.[0];
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const child of children) {
    if (mermaidId(child) !== child.key) lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
  }
  for (const child of children) {
    for (const row of transitionsOf(machine, child)) {
      const label = row.guard ? `${row.event} [${row.guard}]` : row.event;
      lines.push(`${indent}${row.from} --> ${row.to} : ${label}`);
    }
    if (child.type === 'final') lines.push(`${indent}${mermaidId(child)} --> [*]`);
  }
  return lines;
}

function leaves(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states);
  return children.length ? children.flatMap(leaves) : [node];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...allNodes(child)]);
}

function renderMachine(name: MachineName): string[] {
  const machine = machines[name] as AnyStateMachine;
  const { title, file } = SOURCES[name];
  const label = (key: string, catalog: Tree) => lookup(catalog, key) ?? '—';
  const out = [
    `## ${title}`,
    '',
    `\`machines.${name}\` in [machines/${file}](../machines/${file}).`,
    '',
    '```mermaid',
    'stateDiagram-v2',
  ];
  // Mermaid draws concurrent regions (`--`) only inside a composite state: wrap a parallel root.
  const body =
    machine.root.type === 'parallel'
      ? [`  state ${machine.id} {`, ...renderChildren(machine, machine.root, '    '), '  }']
      : renderChildren(machine, machine.root, '  ');
  out.push(...body, '```', '');

  out.push('| State | es | pt-BR |', '|---|---|---|');
  for (const leaf of leaves(machine.root)) {
    const region = leaf.path.length > 1 ? leaf.path[0] : undefined;
    const key = stateLabelKey(name, leaf.key, region);
    const shown = region ? `${region}.${leaf.key}` : leaf.key;
    out.push(`| \`${shown}\`${leaf.type === 'final' ? ' (final)' : ''} | ${label(key, es)} | ${label(key, ptBR)} |`);
  }
  out.push('');

  out.push('| From | Event | Guard | To | Context updates | Effects |', '|---|---|---|---|---|---|');
  for (const node of allNodes(machine.root)) {
    for (const row of transitionsOf(machine, node)) {
      const event = `\`${row.event}\` (${label(eventLabelKey(name, row.event), es)})`;
      const list = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');
      out.push(
        `| ${row.from} | ${event} | ${row.guard ? `\`${row.guard}\`` : ''} | ${row.to} | ${list(row.updates)} | ${list(row.effects)} |`,
      );
    }
  }
  out.push('');
  return out;
}

export function renderMachinesDoc(): string {
  const header = [
    '# Lifecycle machines',
    '',
    'Generated from the machine definitions in `machines/` by `npm run docs:machines`; do not edit by hand.',
    '`scripts/machines-doc.test.ts` fails when this page is out of date with the code.',
    '',
    'Each diagram shows the states (ids as stored), the events as labels and the guards in brackets.',
    'Guards read only the machine context and the event. Context updates are `assign`s, applied when the',
    'transition is computed. Effects are named actions the machine declares with empty bodies and never runs:',
    'on the server the command runner (`server/src/commands/runner.ts`) computes the transition with',
    "`machines/engine.ts` and hands the effect names to the module's `persist` (`next.actions`); the module",
    'performs the effects with the command (writes in its transaction, mail after the commit), most by those',
    "names (e.g. `server/src/modules/after-sales/failures/effects.ts`), a few as part of the event's own",
    'command (a ficha passed to after-sales creates its ticket). In the browser the uploader gives',
    "`uploadItem`'s effects their bodies with `.provide()`. Decisions behind these lifecycles:",
    '`docs/decisions.md`, section Lifecycles.',
    '',
  ];
  return [...header, ...(Object.keys(machines) as MachineName[]).flatMap(renderMachine)].join('\n').trimEnd() + '\n';
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  fs.writeFileSync(DOC_PATH, renderMachinesDoc());
  console.log(`wrote ${path.relative(process.cwd(), DOC_PATH)}`);
}
