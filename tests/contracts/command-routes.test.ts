import { describe, expect, it } from 'vitest';
import { commandVerbs, verbPermissions, type CommandTable } from '#domain/commands';
import { acCommands } from '#domain/acs';
import { failureCommands } from '#domain/failures';
import { deliveryScheduleCommands, fichaCommands } from '#domain/fichas';
import { orderCommands } from '#domain/orders';
import { ticketCommands } from '#domain/tickets';
import { courseCommands } from '#domain/courses';
import { userCommands } from '#domain/users';
import { integrationCommands } from '#domain/integrations';
import { webhookEventCommands } from '#domain/webhooks';
import { cmIssueCommands, cmTaskCommands, cmTicketCommands } from '#domain/cmanagement';
import { batchCommands, placementCommands } from '#domain/concrete-placements';
import { followUpCommands, receptionCommands } from '#domain/verifications';
import { createApi } from '../../server/src/api.ts';
import { permissionsFor, routeTable, type RouteRow } from '../../server/src/http/route-table.ts';

/**
 * Every verb of a command table (domain/<feature>.ts) has its route, POST <entity path>/<verb>, guarded by
 * the verb's permission (docs/modules.md §1). The machines' model tests hold each table to its machine;
 * this holds the server to each table, so a command is one line in the table plus the machine's transition.
 * Entity paths are written with `*` for each path parameter, as the table comments give them.
 */
const tables: [name: string, entityPath: string, table: CommandTable][] = [
  ['ticket', '/postventa/solicitudes/*', ticketCommands],
  ['order', '/postventa/solicitudes/*/*/*', orderCommands],
  ['failure', '/postventa/solicitudes/*/fallas/*', failureCommands],
  ['ac', '/postventa/solicitudes/*/ac/*', acCommands],
  ['ficha', '/entregas/fichas/*', fichaCommands],
  ['deliverySchedule', '/entregas/fichas/*/agenda', deliveryScheduleCommands],
  ['course', '/configuracion/cursos/asignaciones/*', courseCommands],
  ['user', '/configuracion/usuarios/*', userCommands],
  ['integration', '/configuracion/integraciones/*', integrationCommands],
  ['webhookEvent', '/configuracion/integraciones/webhooks/eventos/*', webhookEventCommands],
  ['cmTicket', '/cmanagement/tickets/*', cmTicketCommands],
  ['cmIssue', '/cmanagement/tickets/*/issues/*', cmIssueCommands],
  ['cmTask', '/cmanagement/tareas/*', cmTaskCommands],
  ['placement', '/hormigon/vaciados/*', placementCommands],
  ['batch', '/hormigon/lotes/*', batchCommands],
  ['reception', '/verificaciones/recepciones/*', receptionCommands],
  ['followUp', '/verificaciones/seguimientos/*', followUpCommands],
];

/** The path a route serves for `verb`, parameters as `*`: its last segment is the verb, or a parameter whose pattern lists it. */
function servedPath(row: RouteRow, verb: string): string | undefined {
  const segments = row.path.split('/');
  const last = segments.at(-1)!;
  const choices = /^:\w+\{\(\?:([\w|-]+)\)\}$/.exec(last)?.[1].split('|');
  if (last !== verb && !choices?.includes(verb)) return undefined;
  return [...segments.slice(0, -1).map((s) => (s.startsWith(':') ? '*' : s)), verb].join('/');
}

describe('command tables and the route table', () => {
  const posts = routeTable(createApi()).filter((r) => r.method === 'POST');

  it.each(tables)(
    "every verb of the %s table is a route of its entity with the verb's permission",
    (_name, entityPath, table) => {
      const permissions = verbPermissions(table);
      const missing = commandVerbs(table).filter(
        (verb) =>
          !posts.some(
            (row) =>
              servedPath(row, verb) === `${entityPath}/${verb}` &&
              permissionsFor(row, row.path.replace(/[^/]+$/, verb)).includes(permissions[verb]),
          ),
      );
      expect(missing).toEqual([]);
    },
  );
});
