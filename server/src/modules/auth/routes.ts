import { Hono } from 'hono';
import { setCookie, deleteCookie } from 'hono/cookie';
import { changePasswordSchema, forgotPasswordSchema, loginSchema, resetPasswordSchema } from '#domain/schemas/auth';
import {
  updateAccountSchema,
  updateLocaleSchema,
  updateSignatureSchema,
  verifyEmailSchema,
} from '#domain/schemas/account';
import type { AppEnv } from '../../http/context.ts';
import { jsonBody, queryOf } from '../../lib/validate.ts';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { SESSION_COOKIE } from '../../auth/session.ts';
import { describeUser, describeUserJson, login, logout, requestPasswordReset, resetPassword } from './service.ts';
import { changePassword, updateAccount, updateLocale, updateSignature } from './account.ts';
import { confirmEmail, requestEmailVerification } from './email-verification.ts';
import { ApiError } from '../../lib/errors.ts';
import { frameableCookie, isHttps } from '../../http/cookies.ts';
import { clientAddress } from '../../http/client-address.ts';

const JSON_TYPE = { 'Content-Type': 'application/json' } as const;

export const authRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const input = await jsonBody(c, loginSchema);
    const { token, user } = await login(c.var.deps, input, {
      ip: clientAddress(c),
      userAgent: c.req.header('user-agent'),
    });
    // Owners sign in inside the portal, which companies embed cross-site: their cookie must survive the frame.
    const sameSite = user.kind === 'owner' ? frameableCookie(c) : { sameSite: 'Lax' as const, secure: isHttps(c) };
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      ...sameSite,
      path: '/',
      maxAge: Math.floor(c.var.deps.config.sessionAbsoluteMs / 1000),
    });
    c.var.log.info('login', { userId: user.id, companyId: user.companyId });
    return c.json({ data: await describeUser(c.var.deps, user) });
  })
  .post('/logout', async (c) => {
    const user = c.var.user;
    if (user) await logout(c.var.deps, user);
    deleteCookie(c, SESSION_COOKIE, { path: '/', ...(user?.kind === 'owner' ? frameableCookie(c) : {}) });
    return c.json({ message: c.var.t('auth.logged_out') });
  })
  // The start-up probe: 200 with the user or with null, so a visitor without a session gets no failed request (a
  // 401 is a console error in every browser); the HttpOnly cookie stays unreadable to scripts.
  .get('/sesion', async (c) => {
    c.header('Cache-Control', 'no-store');
    const user = c.var.user;
    if (!user) return c.json({ data: null });
    return c.body(await describeUserJson(c.get('deps'), user), 200, JSON_TYPE);
  })
  // The most frequent authenticated call: answered from the session's cached JSON (bench http).
  .get('/usuario', requireUser, async (c) =>
    c.body(await describeUserJson(c.get('deps'), currentUser(c)), 200, JSON_TYPE),
  )
  // Account (/config/cuenta). Each answers the fresh GET auth/usuario payload so the client can
  // replace its cached user without another round trip.
  .put('/usuario', requireUser, async (c) => {
    const user = currentUser(c);
    const { emailChanged } = await updateAccount(c.var.deps, user, await jsonBody(c, updateAccountSchema));
    return c.json({
      message: c.var.t(emailChanged ? 'account.saved_email_unverified' : 'account.saved'),
      data: await describeUser(c.var.deps, user),
    });
  })
  .put('/password', requireUser, async (c) => {
    const user = currentUser(c);
    await changePassword(c.var.deps, user, await jsonBody(c, changePasswordSchema), clientAddress(c));
    return c.json({ message: c.var.t('account.password_changed') });
  })
  .put('/locale', requireUser, async (c) => {
    const user = currentUser(c);
    const { locale } = await jsonBody(c, updateLocaleSchema);
    await updateLocale(c.var.deps, user, locale);
    return c.json({ message: c.var.t('account.saved'), data: await describeUser(c.var.deps, user) });
  })
  .put('/firma', requireUser, async (c) => {
    const user = currentUser(c);
    const { path } = await jsonBody(c, updateSignatureSchema);
    await updateSignature(c.var.deps, user, path);
    return c.json({ message: c.var.t('account.signature_saved'), data: await describeUser(c.var.deps, user) });
  })
  .delete('/firma', requireUser, async (c) => {
    const user = currentUser(c);
    await updateSignature(c.var.deps, user, null);
    return c.json({ message: c.var.t('account.signature_removed'), data: await describeUser(c.var.deps, user) });
  })
  .post('/email/verify-request', requireUser, async (c) => {
    const { email } = await requestEmailVerification(c.var.deps, currentUser(c), c.var.t);
    return c.json({ message: c.var.t('account.verify_sent', { email }) });
  })
  // The mailed link opens this GET: a browser is sent to its account page with the outcome,
  // an API client gets JSON like the POST.
  .get('/email/verify', async (c) => {
    const wantsPage = (c.req.header('accept') ?? '').includes('text/html');
    try {
      const { token } = queryOf(c, verifyEmailSchema);
      await confirmEmail(c.var.deps, token);
    } catch (error) {
      if (wantsPage && error instanceof ApiError) return c.redirect('/config/cuenta?email_verificado=0', 303);
      throw error;
    }
    return wantsPage
      ? c.redirect('/config/cuenta?email_verificado=1', 303)
      : c.json({ message: c.var.t('account.verify_done') });
  })
  .post('/email/verify', async (c) => {
    const { token } = await jsonBody(c, verifyEmailSchema);
    await confirmEmail(c.var.deps, token);
    return c.json({ message: c.var.t('account.verify_done') });
  })
  .get('/topic', requireUser, (c) => {
    const user = currentUser(c);
    return c.json({ data: { topic: `qa/${user.companyId}/users/${user.id}` } });
  })
  .post('/password/forgot', async (c) => {
    const { username } = await jsonBody(c, forgotPasswordSchema);
    const { deps, t } = c.var;
    // Looking the user up and mailing happen after the answer, so its timing is the same whether
    // the user exists or not (docs/decisions.md, Hardening).
    deps.background.run('password reset', () => requestPasswordReset(deps, username, t));
    return c.json({ message: t('auth.reset_sent') });
  })
  .post('/password/reset', async (c) => {
    const input = await jsonBody(c, resetPasswordSchema);
    await resetPassword(c.var.deps, input.token, input.password);
    return c.json({ message: c.var.t('auth.reset_done') });
  });
