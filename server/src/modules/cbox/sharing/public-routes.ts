import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { cboxLinkUnlockSchema } from '#domain/schemas/cbox';
import type { AppEnv } from '../../../http/context.ts';
import { isHttps } from '../../../http/cookies.ts';
import { ApiError } from '../../../lib/errors.ts';
import { idParam, jsonBody } from '../../../lib/validate.ts';
import { verifyPassword } from '../../../auth/password.ts';
import { clearFailures, lockedMinutes, recordFailure } from '../../../auth/throttle.ts';
import { contentDisposition, openStoredFile, sendStream } from '../../files/service.ts';
import { recordActivity } from '../shared/activity.ts';
import {
  fileThroughLink,
  isUnlocked,
  LINK_PASSWORD_TRIES,
  passwordInvalid,
  passwordRequired,
  publicLinkView,
  resolveLink,
  unlockCookie,
  unlockCookieName,
  type LinkRow,
} from './public-links.ts';

/** Where server/src/app.ts mounts linkRoutes: outside the session API, so no session and no CSRF header. */
export const LINK_ROUTES_BASE = '/api/v2/public/cbox';

const throttleKey = (link: LinkRow) => `cbox_link:${link.id}`;
const linkTarget = (link: LinkRow) => ({ folderId: link.folderId, cboxFileId: link.cboxFileId });

/** The live link of the path's token, unlocked (its password given in the last hours) when it has one. */
async function openLink(c: Context<AppEnv>): Promise<LinkRow> {
  const { deps } = c.var;
  const link = await resolveLink(deps.database.db, c.req.param('token') ?? '');
  if (!isUnlocked(deps.config.signingSecret, link, getCookie(c, unlockCookieName(link.id)))) throw passwordRequired();
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return link;
}

/**
 * GET {token}: what the link shows; POST {token}/acceso {password}: unlocks it for this browser; GET
 * {token}/archivos/{fileId}[?download=1]: a file it reaches, streamed (docs/api.md, Cbox).
 */
export const linkRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const link = await openLink(c);
    const db = c.var.deps.database.db;
    const data = await publicLinkView(db, link);
    await recordActivity(db, [
      { companyId: link.companyId, action: 'link_opened', actorId: null, linkId: link.id, ...linkTarget(link) },
    ]);
    return c.json({ data });
  })
  .post('/:token/acceso', async (c) => {
    const { deps } = c.var;
    const db = deps.database.db;
    const token = c.req.param('token');
    const link = await resolveLink(db, token);
    const { password } = await jsonBody(c, cboxLinkUnlockSchema);
    if (!link.passwordHash) return c.json({ data: { unlocked: true } });
    const locked = await lockedMinutes(db, [throttleKey(link)]);
    if (locked > 0) {
      c.header('Retry-After', String(locked * 60));
      throw new ApiError(429, 'cbox.errors.link_too_many_tries', { minutes: locked }, [], { code: 'too_many_tries' });
    }
    if (!(await verifyPassword(link.passwordHash, password))) {
      await recordFailure(db, throttleKey(link), LINK_PASSWORD_TRIES);
      throw passwordInvalid();
    }
    await clearFailures(db, throttleKey(link));
    const cookie = unlockCookie(deps.config.signingSecret, link);
    setCookie(c, unlockCookieName(link.id), cookie.value, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      path: `${LINK_ROUTES_BASE}/${token}`,
      maxAge: cookie.maxAgeSeconds,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { unlocked: true } });
  })
  .get('/:token/archivos/:fileId', async (c) => {
    const link = await openLink(c);
    const { deps } = c.var;
    const db = deps.database.db;
    const { file, stored } = await fileThroughLink(db, link, idParam(c.req.param('fileId')));
    const download = c.req.query('download') === '1';
    const opened = await openStoredFile(deps, stored, {
      method: c.req.method,
      range: c.req.header('range'),
      ifNoneMatch: c.req.header('if-none-match'),
      ifRange: c.req.header('if-range'),
      download,
    });
    // One line per whole reading: the ranges a player asks for afterwards, and revalidations, are not new downloads.
    if (opened.status === 200 && c.req.method === 'GET')
      await recordActivity(db, [
        {
          companyId: link.companyId,
          action: download ? 'downloaded' : 'viewed',
          actorId: null,
          linkId: link.id,
          cboxFileId: file.id,
        },
      ]);
    opened.headers['Content-Disposition'] = contentDisposition(
      !download && opened.headers['Content-Disposition']?.startsWith('inline') ? 'inline' : 'attachment',
      file.name,
    );
    return sendStream(c, opened);
  });
