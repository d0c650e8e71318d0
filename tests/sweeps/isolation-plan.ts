import { can } from '#domain/permissions';
import type { RouteRow } from '../../server/src/http/route-table.ts';
import { inputsFor } from './isolation-inputs.ts';
import { kindOf, type ParamKind, type RouteCall } from './route-samples.ts';

/**
 * Which foreign scopes the isolation sweep calls a route with, and who calls. Every scope expects 404
 * (docs/architecture.md §4: a foreign id is never a hint that it exists), never another tenant's data in the body.
 *  - company: another company's records; the demo company's admin (owner portal routes: the demo owner).
 *  - project: records of a project the caller does not see; a staff user holding every permission but
 *    not that project. Owners see by unit ownership, so the owner scope stands for them.
 *  - owner: another owner's unit, ticket, order, schedule and files; the demo owner ('propietario').
 *  - mixed: the caller's own record first in the path, another company's after it or in the body
 *    (own ticket with a foreign failure, or with foreign failure_ids in a new order).
 */
export type Scope = 'company' | 'project' | 'owner' | 'mixed';
export const SCOPES: Scope[] = ['company', 'project', 'owner', 'mixed'];
export type Caller = 'admin' | 'limited' | 'owner';

export const API = '/api/v2/public/api';
export const FILES = '/api/v2/public/files';

/**
 * Records of the company as a whole (catalogue, unit types, workers, courses, positions, profiles, users, API apps,
 * webhooks, integration calls, the library's folders, files, shares, links and upload sessions): no project scope
 * applies to them.
 */
const COMPANY_LEVEL: ParamKind[] = [
  'unitType',
  'area',
  'place',
  'item',
  'failureType',
  'view',
  'worker',
  'course',
  'assignment',
  'position',
  'profile',
  'user',
  'apiApp',
  'syncJob',
  'webhookApplication',
  'webhookHook',
  'webhookDelivery',
  // The library is the company's (docs/product.md §6 sharing levels, not project membership, decide who sees it).
  'cboxFolder',
  'cboxFile',
  'cboxVersion',
  'cboxShare',
  'cboxLink',
  'upload',
  // Cmanagement's configuration is the company's (server/src/modules/cmanagement/config/).
  'cmCategory',
  'cmField',
  'cmTemplate',
  // Quality's attributes and values are the company's (docs/decisions.md D-274).
  'qualityAttribute',
  'qualityValue',
  // Concrete's configuration is the company's (server/src/modules/concrete/config/).
  'concreteElement',
  'concreteLaboratory',
  'concreteCompany',
  'concreteType',
  // Reception templates are the company's (server/src/modules/verifications/templates/).
  'receptionTemplate',
  // Invoices are the company's (server/src/modules/billing/).
  'invoice',
];
const NOT_RECORDS: ParamKind[] = ['token', 'module', 'companyModule', 'tenant'];
/** The provider's support staff work across companies (docs/decisions.md D-286): no tenant scope applies there. */
const ACROSS_COMPANIES = '/tiinsights/';

export type Planned = { call: RouteCall; template: string; kinds: ParamKind[]; skip?: string };

/** The API path of a call without its prefix, and the kinds of its path parameters. */
export function planCall(call: RouteCall): Planned {
  if (call.template === `${FILES}/*`) return { call, template: call.template, kinds: ['file'] };
  if (!call.template.startsWith(API))
    return { call, template: call.template, kinds: [], skip: 'outside the JSON API: names no record' };
  const template = call.template.slice(API.length);
  if (!call.row.audience)
    return { call, template, kinds: [], skip: 'no session: a token or signature is the credential' };
  const segments = template.split('/');
  const kinds: ParamKind[] = [];
  for (const [i, segment] of segments.entries()) {
    if (!segment.startsWith(':')) continue;
    const kind = kindOf(segments, i);
    if (!kind) return { call, template, kinds, skip: `parameter ${segment} of unknown kind` };
    kinds.push(kind);
  }
  if (template.startsWith(ACROSS_COMPANIES))
    return { call, template, kinds, skip: "the provider's staff: across companies by design" };
  if (kinds.some((k) => NOT_RECORDS.includes(k)))
    return { call, template, kinds, skip: 'its parameter is not a record id' };
  if (!kinds.length && !inputsFor(call.method, template, {}).namesRecords)
    return { call, template, kinds, skip: 'names no record (no id in path, query or body)' };
  return { call, template, kinds };
}

/** Who calls the route in a scope, or why the scope does not apply to it. */
export function callerFor(
  p: Planned,
  scope: Scope,
  permissions: Record<Caller, ReadonlySet<string>>,
): Caller | { skip: string } {
  const audience = p.call.row.audience;
  let caller: Caller;
  if (scope === 'company') caller = audience === 'owner' ? 'owner' : 'admin';
  else if (scope === 'project') {
    if (audience === 'owner') return { skip: 'owner portal: owners see by ownership (owner scope)' };
    const named = [...p.kinds, ...inputsFor(p.call.method, p.template, {}).kindsNamed];
    if (named.length && named.every((k) => COMPANY_LEVEL.includes(k)))
      return { skip: 'company-level record: no project scope' };
    caller = 'limited';
  } else if (scope === 'owner') {
    if (audience === 'staff') return { skip: 'staff only' };
    caller = 'owner';
  } else {
    const names = inputsFor(p.call.method, p.template, {}).namesRecords;
    if (!p.kinds.length || (p.kinds.length < 2 && !names))
      return { skip: 'no own parent to pair a foreign record with' };
    caller = audience === 'owner' ? 'owner' : 'admin';
  }
  const lacking = p.call.row.permissions.find((e) => !can(permissions[caller], e));
  return lacking ? { skip: `${caller} lacks ${lacking}` } : caller;
}

/** Every plain permission the route table names: the sweep's callers hold them all, so no guard answers first. */
export function permissionsNamed(rows: RouteRow[]): string[] {
  const atoms = rows
    .flatMap((r) => r.permissions)
    .flatMap((e) => e.split(/[|&]/))
    .map((a) => a.trim());
  return [...new Set(atoms.filter((a) => a && !a.startsWith('!')))];
}
