import type { IntegrationState, RequestTarget } from '#domain/integrations';
import { moduleStatusOf } from '#domain/integrations';
import type { Translate } from '../../../lib/i18n.ts';
import type { ProviderStep } from './tokens.ts';

export type ProviderPageView = {
  company: string;
  name: string;
  key: string;
  target: RequestTarget;
  state: IntegrationState;
  step: ProviderStep;
  /** The step can be taken now: the page shows its button. */
  open: boolean;
  /** The step was just taken (after the POST). */
  done: boolean;
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f5f6f8;color:#1a202c;margin:0}
main{max-width:32rem;margin:4rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#4a5568}dd{margin:0;font-weight:600}.note{color:#4a5568}.ok{color:#276749;font-weight:600}
button{background:#2b6cb0;color:#fff;border:0;border-radius:8px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}`;

function layout(title: string, body: string) {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The state of a request in the words of what was requested (a module is activo, an integration activa). */
export const stateLabel = (t: Translate, target: RequestTarget, state: IntegrationState) =>
  t(`integrations.requests.states_${target.kind}.${target.kind === 'module' ? moduleStatusOf(state) : state}`);

/**
 * The provider's page of one request (GET/POST proveedor/solicitudes/{token}): self-contained (no script, no
 * external asset), naming the company, the request and its state, with one form button for the link's step when it
 * can be taken now.
 */
export function providerPage(t: Translate, view: ProviderPageView): string {
  const title = t('integrations.requests.page.title');
  const rows = [
    [t('integrations.requests.page.company'), view.company],
    [t('integrations.requests.page.request'), view.name],
    [t('integrations.requests.page.key'), view.key],
    [t('integrations.requests.page.state'), stateLabel(t, view.target, view.state)],
  ];
  const list = rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('');
  const done = view.done ? `<p class="ok">${escapeHtml(t('integrations.requests.page.done'))}</p>` : '';
  const action = view.open
    ? `<form method="post"><button type="submit">${escapeHtml(t(`integrations.requests.page.step_${view.step}_${view.target.kind}`))}</button></form>`
    : view.done
      ? ''
      : `<p class="note">${escapeHtml(t(noteKey(view)))}</p>`;
  return layout(title, `<h1>${escapeHtml(title)}</h1><dl>${list}</dl>${done}${action}`);
}

function noteKey(view: ProviderPageView) {
  if (view.target.kind === 'integration' && view.state === 'en_proceso')
    return 'integrations.requests.page.admin_activates';
  if (view.step === 'activate' && view.state === 'solicitada') return 'integrations.requests.page.process_first';
  return 'integrations.requests.page.nothing_to_do';
}

/** A link that is not genuine, has expired or names nothing: one page for all, saying no more than that. */
export function providerNotFoundPage(t: Translate): string {
  const title = t('integrations.requests.page.not_found_title');
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="note">${escapeHtml(t('integrations.requests.page.not_found'))}</p>`,
  );
}
