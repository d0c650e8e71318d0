import { eq, sql } from 'drizzle-orm';
import { foldText } from '#domain/search';
import { ALL_PROJECTS_TOKEN, USER_IMPORT_COLUMNS, USER_IMPORT_MAX_ROWS, type UserImportColumn } from '#domain/users';
import { userImportRowSchema } from '#domain/schemas/users';
import type { UserImportPreview } from '#domain/users-responses';
import type { Context } from 'hono';
import { positions, profiles, projects, users } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Params, Translate } from '../../../lib/i18n.ts';
import { issueToFieldError } from '../../../lib/validate.ts';
import { readSheet } from '../../../lib/spreadsheet.ts';
import { sha256 } from '../../../auth/tokens.ts';
import { hashPassword } from '../../../auth/password.ts';
import { requestEmailVerification } from '../../auth/service.ts';
import { notifyProvider, withinUserLimits } from './limits.ts';
import { insertUser, type NewUser } from './service.ts';

/** An import file's largest size: 500 rows are far below it. */
export const USER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

type RowError = { column: string; message: string };
type CheckedRow = {
  row: number;
  input?: Omit<NewUser, 'passwordHash'> & { password: string };
  raw: Record<UserImportColumn, string>;
  errors: RowError[];
};

/** The uploaded file: multipart field `file` (xlsx or csv), or the raw body. */
export async function importBytes(c: Context): Promise<{ bytes: Uint8Array; name: string }> {
  const unreadable = () => new ApiError(422, 'config_users.import.unreadable');
  const type = c.req.header('content-type') ?? '';
  let bytes: Uint8Array;
  let name = '';
  if (type.startsWith('multipart/form-data')) {
    const file = (await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)).file;
    if (!(file instanceof File) || !/\.(xlsx|csv)$/i.test(file.name)) throw unreadable();
    bytes = new Uint8Array(await file.arrayBuffer());
    name = file.name;
  } else bytes = new Uint8Array(await c.req.arrayBuffer());
  if (!bytes.length || bytes.length > USER_IMPORT_MAX_BYTES) throw unreadable();
  return { bytes, name };
}

/** The file's fingerprint: the confirmation names it, so what is written is what was previewed. */
export const importToken = (bytes: Uint8Array) => sha256(Buffer.from(bytes).toString('base64')).slice(0, 32);

/**
 * Reads and checks every row, writing nothing: the rules of the form (domain/schemas/users.ts), position, profile
 * and projects by name (the company's, projects the admin sees; '*' is every project), usernames unique in the file
 * and in the database. Errors are in the caller's language, per row and column.
 */
async function checkRows(deps: AppDeps, caller: SessionUser, bytes: Uint8Array, name: string, t: Translate) {
  const sheet = await readSheet(bytes, name);
  if (!sheet) throw new ApiError(422, 'config_users.import.unreadable');
  const body = sheet.filter((r) => r.row > 1);
  if (!body.length) throw new ApiError(422, 'config_users.import.empty');
  if (body.length > USER_IMPORT_MAX_ROWS)
    throw new ApiError(422, 'config_users.import.too_many', { max: USER_IMPORT_MAX_ROWS });
  const db = deps.database.db;
  const [positionRows, profileRows, projectRows, taken] = await Promise.all([
    db.select().from(positions).where(eq(positions.companyId, caller.companyId)),
    db.select().from(profiles).where(eq(profiles.companyId, caller.companyId)),
    db.select().from(projects).where(eq(projects.companyId, caller.companyId)),
    db.select({ username: sql<string>`lower(${users.username})` }).from(users),
  ]);
  const byName = <T extends { name: string }>(list: T[]) => new Map(list.map((x) => [foldText(x.name), x]));
  const positionOf = byName(positionRows);
  const profileOf = byName(profileRows);
  const visible = new Set(caller.projectIds);
  const projectOf = byName(projectRows.filter((p) => visible.has(p.id)));
  const usernames = new Set(taken.map((u) => u.username));
  const label = (column: string) =>
    (USER_IMPORT_COLUMNS as readonly string[]).includes(column) ? t(`config_users.import.columns.${column}`) : column;

  return body.map((line): CheckedRow => {
    const raw = Object.fromEntries(USER_IMPORT_COLUMNS.map((c, i) => [c, line.cells[i] ?? ''])) as Record<
      UserImportColumn,
      string
    >;
    const errors: RowError[] = [];
    const error = (column: string, key: string, params?: Params) =>
      errors.push({ column: label(column), message: t(key, params) });
    const parsed = userImportRowSchema.safeParse(
      Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === '' && k !== 'profile' ? undefined : v])),
    );
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const fe = issueToFieldError(issue);
        error(fe.field.split('.')[0], fe.key, fe.params);
      }
      return { row: line.row, raw, errors };
    }
    const r = parsed.data;
    const position = r.position ? positionOf.get(foldText(r.position)) : undefined;
    if (r.position && !position) error('position', 'config_users.import.unknown', { value: r.position });
    const profile = profileOf.get(foldText(r.profile));
    if (!profile) error('profile', 'config_users.import.unknown', { value: r.profile });
    const names = (r.projects ?? '')
      .split(/[,|]/)
      .map((n) => n.trim())
      .filter(Boolean);
    const allProjects = names.includes(ALL_PROJECTS_TOKEN);
    const projectIds: number[] = [];
    for (const n of allProjects ? [] : names) {
      const hit = projectOf.get(foldText(n));
      if (hit) projectIds.push(hit.id);
      else error('projects', 'config_users.import.unknown', { value: n });
    }
    const key = r.username.toLowerCase();
    if (usernames.has(key)) error('username', 'config_users.username_taken');
    usernames.add(key);
    if (errors.length) return { row: line.row, raw, errors };
    return {
      row: line.row,
      raw,
      errors,
      input: {
        username: r.username,
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email ?? null,
        position_id: position?.id ?? null,
        profile_id: profile!.id,
        all_projects: allProjects,
        project_ids: projectIds,
        signature_path: null,
        password: r.password,
      },
    };
  });
}

/** POST configuracion/usuarios/importar: the preview; nothing is written. */
export async function previewImport(
  deps: AppDeps,
  caller: SessionUser,
  file: { bytes: Uint8Array; name: string },
  t: Translate,
): Promise<UserImportPreview> {
  const rows = await checkRows(deps, caller, file.bytes, file.name, t);
  const valid = rows.filter((r) => !r.errors.length).length;
  return {
    token: importToken(file.bytes),
    rows: rows.map((r) => ({
      row: r.row,
      username: r.raw.username,
      full_name: `${r.raw.first_name} ${r.raw.last_name}`.trim(),
      email: r.raw.email || null,
      errors: r.errors,
    })),
    valid,
    invalid: rows.length - valid,
  };
}

/**
 * POST configuracion/usuarios/importar/confirmar: the same file and the rows the admin accepted. Only valid rows
 * are written, all in one transaction within the active-user limits (one that would pass refuses the whole import,
 * naming it); a row that is not valid any more, or a file other than the previewed one, writes nothing.
 */
export async function confirmImport(
  deps: AppDeps,
  caller: SessionUser,
  file: { bytes: Uint8Array; name: string },
  confirm: { token: string; rows: number[] },
  t: Translate,
) {
  if (importToken(file.bytes) !== confirm.token)
    throw new ApiError(422, 'config_users.import.changed', undefined, [
      { field: 'token', key: 'config_users.import.changed' },
    ]);
  const checked = await checkRows(deps, caller, file.bytes, file.name, t);
  const wanted = new Set(confirm.rows);
  const chosen = checked.filter((r) => wanted.has(r.row));
  const bad = [...wanted].filter((n) => !chosen.some((r) => r.row === n && r.input));
  if (bad.length)
    throw new ApiError(422, 'config_users.import.rows_invalid', { rows: bad.join(', ') }, [
      { field: 'rows', key: 'config_users.import.rows_invalid', params: { rows: bad.join(', ') } },
    ]);
  const prepared = await Promise.all(
    chosen.map(async (r) => {
      const { password, ...rest } = r.input!;
      return { ...rest, passwordHash: await hashPassword(password) };
    }),
  );
  const { result: created, reaches } = await deps.database.db.transaction((tx) =>
    withinUserLimits(tx, caller.companyId, async () => {
      const rows = [];
      for (const input of prepared) rows.push(await insertUser(tx, caller, input, 'imported'));
      return rows;
    }),
  );
  for (const u of created) if (u.email) await requestEmailVerification(deps, u, t);
  await notifyProvider(deps, caller.companyId, reaches, t);
  return { created: created.length };
}
