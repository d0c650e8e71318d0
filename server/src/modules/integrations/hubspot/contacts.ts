import type { TicketForCrm } from '../../after-sales/service.ts';
import type { AppDeps } from '../../../http/context.ts';
import { idOf, type HubspotCall } from './api.ts';
import { linkToHubspot } from './links.ts';

type Owner = TicketForCrm['owners'][number];

const contactProperties = (owner: Owner) => ({
  email: owner.email,
  firstname: owner.name,
  lastname: owner.lastName,
  ...(owner.phone ? { phone: owner.phone } : {}),
});

/** The contact with the owner's e-mail, updated, or a new one; its id. HubSpot keys contacts by e-mail. */
async function upsertContact(api: HubspotCall, owner: Owner): Promise<string> {
  const found = await api('POST', '/crm/v3/objects/contacts/search', {
    filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: owner.email }] }],
    properties: ['email'],
    limit: 1,
  });
  const [existing] = (found.json.results as { id: string }[] | undefined) ?? [];
  if (existing) {
    await api('PATCH', `/crm/v3/objects/contacts/${encodeURIComponent(existing.id)}`, {
      properties: contactProperties(owner),
    });
    return String(existing.id);
  }
  return idOf(await api('POST', '/crm/v3/objects/contacts', { properties: contactProperties(owner) }));
}

/**
 * The ticket's owners as HubSpot contacts associated with its HubSpot ticket (docs/product.md §1 CRM). Owners
 * without an e-mail are left out: HubSpot could not tell them apart. Every call is safe to repeat.
 */
export async function syncOwnerContacts(
  deps: AppDeps,
  api: HubspotCall,
  companyId: number,
  ticket: TicketForCrm,
  hubspotTicketId: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const owner of ticket.owners.filter((o) => o.email)) {
    const contactId = await upsertContact(api, owner);
    await linkToHubspot(deps.database.db, { companyId, type: 'owner', id: owner.id }, contactId);
    await api(
      'PUT',
      `/crm/v4/objects/contacts/${encodeURIComponent(contactId)}/associations/default/tickets/${encodeURIComponent(hubspotTicketId)}`,
    );
    ids.push(contactId);
  }
  return ids;
}
