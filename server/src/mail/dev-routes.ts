import { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../http/context.ts';
import { mailOutbox } from '../db/schema/index.ts';

const linkify = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** The development mail page (docs/architecture.md §3): the last 50 mails of the outbox. Off in production. */
export const devMailRoutes = new Hono<AppEnv>().get('/', async (c) => {
  if (process.env.NODE_ENV === 'production' && process.env.DEV_MAIL !== '1') return c.notFound();
  const mails = await c.var.deps.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
  return c.html(html`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Correo de desarrollo</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Correo de desarrollo</h1><p>${mails.length} mensajes</p>
${mails.map((m) => html`<article data-mail-id="${m.id}"><h2>${m.subject}</h2><p>Para: <span class="to">${m.to}</span> · ${m.createdAt.toISOString()}</p><pre>${raw(linkify(m.text))}</pre></article>`)}
</body></html>`);
});
