import { Hono } from 'hono';
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../../http/context.ts';
import { companies } from '../../../db/schema/index.ts';
import { jsonBody } from '../../../lib/validate.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { timezoneOf } from '../shared/dates.ts';
import { confirmationHours } from './commands.ts';
import { answerWindow, orderByToken, ownerAnswer, tokenOwnerUserId } from './confirmation.ts';

const decisionSchema = z.object({
  decision: z.enum(['confirmar', 'rechazar'], { error: 'validation.required' }),
  reason: z.string().trim().max(500).optional(),
});

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A small self-contained page for the e-mailed link: the visit and two buttons (or why it is closed). */
function page(
  t: Translate,
  lang: string,
  view: { intro: string; when: string; deadline: string | null; canAnswer: boolean },
) {
  const body = view.canAnswer
    ? `<p>${escape(t('after_sales.visit_page.deadline', { deadline: view.deadline ?? '' }))}</p>
<label>${escape(t('after_sales.visit_page.reason'))}<br><textarea id="reason" maxlength="500" rows="3"></textarea></label>
<p><button data-d="confirmar">${escape(t('after_sales.visit_page.confirm'))}</button> <button data-d="rechazar">${escape(t('after_sales.visit_page.reject'))}</button></p>
<p id="out" role="status"></p>
<script>
document.querySelectorAll('button').forEach(function (b) { b.onclick = function () {
  fetch(location.href, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ decision: b.dataset.d, reason: document.getElementById('reason').value }) })
  .then(function (r) { return r.json(); }).then(function (j) { document.getElementById('out').textContent = j.message || ''; document.querySelectorAll('button').forEach(function (x) { x.disabled = true; }); });
}; });
</script>`
    : `<p>${escape(t('after_sales.visit_page.closed'))}</p>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(t('after_sales.visit_page.title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.6rem 1rem;margin:.2rem}textarea{width:100%}</style></head>
<body><h1>${escape(t('after_sales.visit_page.title'))}</h1><p>${escape(view.intro)}</p><p>${escape(view.when)}</p>${body}</body></html>`;
}

/**
 * The single-use link e-mailed to the owner (docs/product.md §4 owner confirmation): GET shows the visit (HTML
 * for a browser, JSON otherwise), POST confirms or rejects it. No session: the token is the key.
 */
export const visitLinkRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const deps = c.var.deps;
    const row = await orderByToken(deps, c.req.param('token'));
    const hours = await confirmationHours(deps.database.db, row.ticket.projectId);
    const [company] = await deps.database.db
      .select({ country: companies.country })
      .from(companies)
      .where(eq(companies.id, row.ticket.companyId));
    const tz = timezoneOf(company?.country);
    const window = answerWindow(row.order, hours);
    const fmt = (d: Date | string | null) => (d ? dayjs(d).tz(tz).format('DD-MM-YYYY HH:mm') : null);
    const data = {
      code: row.order.code,
      kind: row.order.kind,
      state: row.order.state,
      start_at: row.order.startAt?.toISOString() ?? null,
      end_at: row.order.endAt?.toISOString() ?? null,
      ticket: { code: row.ticket.code, subject: row.ticket.subject },
      unit: row.unitNumber,
      project: row.projectName,
      ...window,
    };
    if (!(c.req.header('accept') ?? '').includes('text/html')) return c.json({ data });
    const t = c.var.t;
    return c.html(
      page(t, c.var.locale, {
        intro: t('after_sales.visit_page.intro', { code: data.code, unit: data.unit, project: data.project }),
        when: t('after_sales.visit_page.when', { when: fmt(row.order.startAt) ?? '' }),
        deadline: fmt(window.deadline),
        canAnswer: window.can_confirm || window.can_reject,
      }),
    );
  })
  .post('/:token', async (c) => {
    const deps = c.var.deps;
    const row = await orderByToken(deps, c.req.param('token'));
    const input = await jsonBody(c, decisionSchema);
    const actor = await tokenOwnerUserId(deps, row.ticket);
    const r = await ownerAnswer(
      deps,
      row.ticket,
      row.order,
      input.decision === 'confirmar' ? 'confirm' : 'reject',
      actor,
      c.var.t,
      input.reason || undefined,
    );
    return c.json({
      data: { code: r.row.code, state: r.row.state },
      message: c.var.t(
        input.decision === 'confirmar' ? 'after_sales.visit_page.confirmed' : 'after_sales.visit_page.rejected',
      ),
    });
  });
