import { eq } from 'drizzle-orm';
import { requestKeyOf, type RequestTarget } from '#domain/integrations';
import { companies } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { translator } from '../../../lib/i18n.ts';
import { signRequestToken, type ProviderStep } from './tokens.ts';
import { targetName } from './targets.ts';

/** The address of the provider's page of one step of a request. */
export function providerLink(
  deps: Pick<AppDeps, 'config'>,
  companyId: number,
  target: RequestTarget,
  step: ProviderStep,
) {
  const token = signRequestToken(deps.config.signingSecret, { companyId, target, step });
  return `${deps.config.publicUrl.replace(/\/+$/, '')}/proveedor/solicitudes/${token}`;
}

/**
 * The provider hears of each request by e-mail (PROVIDER_EMAIL, through the mail outbox; docs/product.md §6), in
 * Spanish, the provider's language: the company, who asked, what (the request key) and the signed links that move
 * it on. A module's e-mail carries both steps (in process, active); an integration's only the first, since the
 * company's administrator configures and activates it. Answers whether anyone was told.
 */
export async function mailProvider(deps: AppDeps, user: SessionUser, target: RequestTarget): Promise<boolean> {
  const to = deps.config.providerEmail;
  const key = requestKeyOf(target);
  if (!to) {
    deps.log.warn('integration request: no PROVIDER_EMAIL, nobody was told', { companyId: user.companyId, key });
    return false;
  }
  const t = translator('es');
  const [company] = await deps.database.db.select().from(companies).where(eq(companies.id, user.companyId));
  const steps: ProviderStep[] = target.kind === 'module' ? ['process', 'activate'] : ['process'];
  const links = steps.map((step) =>
    t(`integrations.requests.mail.link_${step}`, { url: providerLink(deps, user.companyId, target, step) }),
  );
  const params = {
    company: company?.name ?? '',
    rut: company?.rut ?? '',
    name: targetName(target, t),
    key,
    who: `${user.firstName} ${user.lastName}`.trim() || user.username,
    email: user.email ?? '—',
  };
  await deps.mailer.send({
    to,
    companyId: user.companyId,
    subject: t(`integrations.requests.mail.subject_${target.kind}`, params),
    text: [
      t(`integrations.requests.mail.body_${target.kind}`, params),
      ...links,
      t(`integrations.requests.mail.footer_${target.kind}`),
    ].join('\n\n'),
  });
  return true;
}
