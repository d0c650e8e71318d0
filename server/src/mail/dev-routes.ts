import { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../http/context.ts';
import { sessionLoader } from '../http/middleware.ts';
import { currentUser, requirePermission, requireStaff } from '../auth/guard.ts';
import { mailOutbox } from '../db/schema/index.ts';

/** Who may read the development outbox: those who manage the company's users (README: development mail page). */
export const DEV_MAIL_PERMISSION = 'config_usuarios';

const linkify = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The development mail page (docs/architecture.md §3): the last 50 mails of the caller's company. The outbox holds
 * password-reset links, so only a signed-in admin of that company reads it (docs/decisions.md,
 * Hardening). Off in production unless DEV_MAIL=1.
 */
export const devMailRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (process.env.NODE_ENV === 'production' && process.env.DEV_MAIL !== '1') return c.notFound();
    await next();
  })
  .use(sessionLoader, requireStaff, requirePermission(DEV_MAIL_PERMISSION))
  .get('/', async (c) => {
    const mails = await c.var.deps.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.companyId, currentUser(c).companyId))
      .orderBy(desc(mailOutbox.id))
      .limit(50);
    return c.html(
      html`<!doctype html>
        <html lang="es">
          <head>
            <meta charset="utf-8" />
            <title>Correo de desarrollo</title>
            <style>
              body {
                font-family: system-ui, sans-serif;
                margin: 2rem;
                max-width: 60rem;
              }
              article {
                border: 1px solid #ccc;
                border-radius: 8px;
                padding: 1rem;
                margin: 1rem 0;
              }
              pre {
                white-space: pre-wrap;
              }
            </style>
          </head>
          <body>
            <h1>Correo de desarrollo</h1>
            <p>${mails.length} mensajes</p>
            ${mails.map(
              (m) =>
                html`<article data-mail-id="${m.id}">
                  <h2>${m.subject}</h2>
                  <p>Para: <span class="to">${m.to}</span> · ${m.createdAt.toISOString()}</p>
                  <pre>${raw(linkify(m.text))}</pre>
                  ${
                    m.attachments?.length
                      ? html`<ul class="attachments">
                          ${m.attachments.map(
                            (a) =>
                              html`<li>
                                <details>
                                  <summary>${a.filename} (${a.contentType})</summary>
                                  <pre>${a.content}</pre>
                                </details>
                              </li>`,
                          )}
                        </ul>`
                      : ''
                  }
                </article>`,
            )}
          </body>
        </html>`,
    );
  });
