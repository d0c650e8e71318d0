// Local ESLint rule enforcing docs/architecture.md §2: dependencies point one way, and a module never imports
// another module's internals (only its service.ts on the server, its index.ts on the client, or a
// light `<name>.entry.ts` there: a second public door for the shell's lazy slots, so a small widget
// such as the notification bell does not drag the module's pages into the first load). A server
// module's routes.ts is the other door, for the assembly only (server/src/api.ts mounts it). The
// server's floor (server/src/<folder>/: events, http, auth, commands, db, lib, …) stands under the
// modules and never imports one; what a module adds to it is registered (server/src/modules.ts).
// server/ and realtime/ never import each other: they meet in domain/, and runtime/ wires them into processes.
// A repository file is imported for what it exports, never for its side effects: a registration
// happens where the process is assembled (server/src/modules.ts), not because a file was loaded.
// In the client (docs/architecture.md §6), src/app is the shell: it loads the rest, so nothing it loads
// imports it back; src/shared is the floor the rest stands on, so it imports neither the shell nor the
// api clients, modules, widgets or live client standing on it (the api reads the session and i18n of the
// floor; what calls the api, such as the signed-in user, sits in src/api).
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** Which layer a repository file belongs to. */
function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const top = rel.split('/')[0];
  if (['machines', 'domain', 'locales', 'server', 'realtime', 'runtime', 'client', 'tests', 'scripts'].includes(top))
    return { layer: top, rel };
  return { layer: 'other', rel };
}

const allowed = {
  domain: ['domain'],
  machines: ['machines', 'domain'],
  locales: ['locales'],
  realtime: ['realtime', 'domain', 'locales', 'machines'],
  server: ['server', 'domain', 'machines', 'locales'],
  // The processes: the one place server/ and realtime/ are wired together.
  runtime: ['runtime', 'server', 'realtime', 'domain', 'machines', 'locales'],
  client: ['client', 'domain', 'machines', 'locales'],
  tests: ['tests', 'server', 'client', 'domain', 'machines', 'locales', 'realtime', 'runtime', 'scripts'],
  scripts: ['scripts', 'server', 'domain', 'machines', 'locales', 'realtime', 'runtime', 'client'],
  other: ['machines', 'domain', 'locales', 'server', 'realtime', 'runtime', 'client', 'tests', 'scripts', 'other'],
};

function resolveTarget(source, file) {
  if (source.startsWith('#')) {
    const [alias, ...rest] = source.slice(1).split('/');
    return path.join(root, alias, ...rest);
  }
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  return undefined; // a package
}

/** server/src/modules/<m>/… or client/src/modules/<m>/… → <m>. */
function moduleOf(rel) {
  const m = rel.match(/^(server|client)\/src\/modules\/([^/]+)\//);
  return m ? { side: m[1], name: m[2], rest: rel.slice(m[0].length) } : undefined;
}

/** server/src/<folder>/… → <folder> for the floor under the modules (events, http, …); undefined for modules/ and top-level files. */
function serverFloor(rel) {
  const folder = rel.match(/^server\/src\/([^/]+)\//)?.[1];
  return folder && folder !== 'modules' ? folder : undefined;
}

/** client/src/<part>/… → <part> ('app', 'shared', 'modules', …); undefined outside client/src/<part>/. */
function clientPart(rel) {
  return rel.match(/^client\/src\/([^/]+)\//)?.[1];
}

/** Parts of the client the shell (src/app) loads: they may not import it. */
const BELOW_SHELL = ['modules', 'widgets', 'api', 'realtime', 'shared'];
/** What the floor (src/shared) may not import besides the shell: what stands on it. */
const ABOVE_FLOOR = ['api', 'modules', 'widgets', 'realtime'];
/** A test may mount the whole app (the router) to see a module in place; no test ships. */
const isTestFile = (rel) => /\.test\.[jt]sx?$/.test(rel);

export default {
  rules: {
    'one-way': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          layer: "'{{from}}' may not import from '{{to}}' (docs/architecture.md §2: dependencies point one way)",
          internals: "Module '{{from}}' may not reach into '{{to}}' internals ('{{path}}'); call its {{entry}}",
          serverInRealtime: 'realtime/ must not import server/ (inject what it needs)',
          shell:
            "client/src/{{from}} may not import the shell ('{{path}}'): src/app loads modules, widgets, api, realtime and shared, never the other way (docs/architecture.md §6)",
          floor:
            "client/src/shared is the floor and may not import '{{path}}' ({{to}} stands on it; docs/architecture.md §6)",
          realtimeInServer:
            'server/ must not import realtime/: they meet in domain/, and runtime/ wires them (docs/architecture.md §2)',
          floorOnModule:
            "server/src/{{from}} is under the modules and may not import '{{path}}': the module registers what it adds (server/src/modules.ts), or the shared part moves under server/src (docs/architecture.md §2)",
          sideEffect:
            "Import '{{path}}' for what it exports: a file loaded only for its side effects fills something unseen (register it in server/src/modules.ts)",
        },
      },
      create(context) {
        const file = context.filename;
        const from = layerOf(file);
        function check(node, source) {
          if (typeof source !== 'string') return;
          const target = resolveTarget(source, file);
          if (!target) return;
          const to = layerOf(target);
          if (from.layer === 'server' && to.layer === 'realtime') {
            context.report({ node, messageId: 'realtimeInServer' });
            return;
          }
          if (!allowed[from.layer]?.includes(to.layer)) {
            context.report({ node, messageId: 'layer', data: { from: from.layer, to: to.layer } });
            return;
          }
          if (node.type === 'ImportDeclaration' && node.specifiers.length === 0 && !/\.css$/.test(source)) {
            context.report({ node, messageId: 'sideEffect', data: { path: source } });
          }
          if (from.layer === 'realtime' && to.layer === 'server')
            context.report({ node, messageId: 'serverInRealtime' });
          const fromPart = clientPart(from.rel);
          const toPart = clientPart(to.rel);
          if (toPart === 'app' && BELOW_SHELL.includes(fromPart) && !isTestFile(from.rel)) {
            context.report({ node, messageId: 'shell', data: { from: fromPart, path: source } });
          } else if (fromPart === 'shared' && ABOVE_FLOOR.includes(toPart) && !isTestFile(from.rel)) {
            context.report({ node, messageId: 'floor', data: { to: toPart, path: source } });
          }
          const a = moduleOf(from.rel);
          const b = moduleOf(to.rel);
          const floor = serverFloor(from.rel);
          if (floor && b?.side === 'server') {
            context.report({ node, messageId: 'floorOnModule', data: { from: floor, path: source } });
            return;
          }
          if (b && a?.name !== b.name && from.layer !== 'tests') {
            const entry = b.side === 'server' ? 'service.ts' : 'index.ts';
            const base = b.rest.replace(/\.(t|j)sx?$/, '');
            // Another module calls a server module's service.ts; the assembly also mounts its routes.ts.
            const isPublic =
              b.side === 'server'
                ? base === 'service' || (base === 'routes' && !a)
                : base === 'index' || /^[\w-]+\.entry$/.test(base);
            if (!isPublic)
              context.report({
                node,
                messageId: 'internals',
                data: { from: a?.name ?? from.rel, to: b.name, path: source, entry },
              });
          }
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
