import fs from 'node:fs';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import es from '#locales/es.json' with { type: 'json' };
import ptBR from '#locales/pt-BR.json' with { type: 'json' };
import { machines, type MachineName } from '#machines/index';
import { entityLabelKey, eventLabelKey, stateLabelKey, transitionRefusal } from '#machines/labels';
import { machineTransitions } from '#machines/testing/coverage';
import { DOC_PATH, lookup, renderMachinesDoc } from './machines-doc.ts';

const names = Object.keys(machines) as MachineName[];
const catalogs = { es, 'pt-BR': ptBR } as const;

function leaves(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states);
  return children.length ? children.flatMap(leaves) : [node];
}

/** Every locale key a machine needs: entity, each leaf state, each event. */
function neededKeys(name: MachineName): string[] {
  const machine = machines[name] as AnyStateMachine;
  const states = leaves(machine.root).map((leaf) =>
    stateLabelKey(name, leaf.key, leaf.path.length > 1 ? leaf.path[0] : undefined),
  );
  return [entityLabelKey(name), ...states, ...machine.events.map((type) => eventLabelKey(name, type))];
}

describe('docs/machines.md', () => {
  it('is up to date with the machine code (run `npm run docs:machines` after changing a machine)', () => {
    expect(fs.readFileSync(DOC_PATH, 'utf8')).toBe(renderMachinesDoc());
  });

  it('draws one edge per transition definition of each machine, and its initial state', () => {
    const doc = renderMachinesDoc();
    const sections = doc.split(/^## /m).slice(1);
    expect(sections).toHaveLength(names.length);
    names.forEach((name, index) => {
      const diagram = sections[index].split('```mermaid')[1].split('```')[0];
      const edges = diagram
        .split('\n')
        .filter((line) => / --> (?!\[\*\])\S+ : /.test(line) && !line.includes('[*] -->'));
      expect(edges, name).toHaveLength(machineTransitions(machines[name] as AnyStateMachine).length);
      expect(diagram).toContain('[*] --> ');
    });
  });
});

describe('machine labels in locales (machines.<name>.*)', () => {
  for (const [language, catalog] of Object.entries(catalogs)) {
    it(`${language} has the entity, every state and every event of every machine`, () => {
      const missing = names.flatMap(neededKeys).filter((key) => !lookup(catalog, key)?.trim());
      expect(missing).toEqual([]);
    });
  }

  it('es and pt-BR hold no label for a state or event that no longer exists', () => {
    for (const catalog of Object.values(catalogs)) {
      const section = (catalog as { machines: Record<string, { states: object; events: Record<string, string> }> })
        .machines;
      expect(Object.keys(section).sort()).toEqual([...names].sort());
      for (const name of names) {
        const needed = new Set(neededKeys(name));
        const events = Object.keys(section[name].events).map((verb) => `machines.${name}.events.${verb}`);
        const flatten = (tree: object, prefix: string): string[] =>
          Object.entries(tree).flatMap(([key, value]) =>
            typeof value === 'string' ? [`${prefix}.${key}`] : flatten(value, `${prefix}.${key}`),
          );
        const states = flatten(section[name].states, `machines.${name}.states`);
        expect(
          [...events, ...states].filter((key) => !needed.has(key)),
          name,
        ).toEqual([]);
      }
    }
  });

  it('docs/product.md §8: a refused transition reads «No se puede cerrar cuando la solicitud está en estado «Postergada»»', () => {
    const render = (catalog: object) => {
      const refusal = transitionRefusal('ticket', machines.ticket, 'postergada', 'ticket.close');
      const template = lookup(catalog, refusal.key) ?? '';
      return template.replace(
        /\{\{(\w+)\}\}/g,
        (_, param: keyof typeof refusal.params) => lookup(catalog, refusal.params[param]) ?? '',
      );
    };
    expect(render(es)).toBe('No se puede cerrar cuando la solicitud está en estado «Postergada»');
    expect(render(ptBR)).toBe('Não é possível encerrar quando a solicitação está no estado «Adiada»');
  });

  it('a refusal on a parallel machine names the state of the region that handles the event', () => {
    const value = { cuenta: 'activo', correo: 'verificado', firma: 'verificada' };
    expect(transitionRefusal('user', machines.user, value, 'user.verifySignature').params.state).toBe(
      'machines.user.states.firma.verificada',
    );
    expect(transitionRefusal('user', machines.user, value, 'user.enable').params.state).toBe(
      'machines.user.states.cuenta.activo',
    );
  });
});
