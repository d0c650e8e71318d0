import { and, eq } from 'drizzle-orm';
import { acMachine, type AcEvent } from '#machines/ac';
import { nextState } from '#machines/engine';
import { acCommands, acPdfName, type AcSignedVia, type AcSignInput } from '#domain/acs';
import { acs, ticketMessages, tickets } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { assertCommandAllowed } from '../../../auth/guard.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runCommand, transitionNotAllowed } from '../../../commands/runner.ts';
import { attachFiles, readableImage, storeGeneratedFile } from '../../files/service.ts';
import { recipients, ticketCard, ticketLink } from '../shared/events.ts';
import type { Ticket } from '../shared/scope.ts';
import { acPdf, fileBytes } from './pdf.ts';
import { acStored, type Ac } from './service.ts';

const alreadySigned = () => new ApiError(409, 'after_sales.errors.ac_already_signed');
const invalidSignature = () =>
  new ApiError(422, 'errors.validation', undefined, [
    { field: 'signature_path', key: 'after_sales.errors.invalid_signature' },
  ]);

/**
 * Who hears of a signature (docs/product.md#ac-sign-off): when the owner signs in the portal, the agent (the
 * ticket's responsible and whoever recorded the answer); the actor never.
 */
function signNotified(ticket: Ticket, ac: Ac, via: AcSignedVia, actorId: number): number[] {
  if (via !== 'portal') return [];
  const agents = [ticket.responsibleId, ac.repliedBy].filter((id): id is number => typeof id === 'number');
  return [...new Set(agents)].filter((id) => id !== actorId);
}

/**
 * Signs an AC (docs/product.md#ac-sign-off) through the AC machine: the act must have its answer (conforme or
 * no conforme) and no signature yet (409 otherwise, nothing written). The signed PDF is drawn once, here,
 * stored as a file of the ticket and listed in its activity as a public document; the signature image
 * becomes a file of the ticket too. `ticket` is already scoped to the caller (staff or the unit's owner).
 */
export async function signAc(
  deps: AppDeps,
  user: SessionUser,
  ticket: Ticket,
  ac: Ac,
  input: AcSignInput,
  via: AcSignedVia,
  t: Translate,
) {
  const event: AcEvent = { type: 'ac.sign', signerName: input.signer_name };
  assertCommandAllowed(acCommands, event.type, user);
  // Asked before anything is drawn: a second signature or an unanswered act costs no PDF.
  if (ac.signedAt) throw alreadySigned();
  if (!nextState(acMachine, acStored(ac), event).ok) throw transitionNotAllowed(t, 'ac', ac.state, event.type);
  const image = await readableImage(deps, user, input.signature_path);
  if (!image || image.extension !== 'png') throw invalidSignature();
  const signature = await fileBytes(deps, user, image.path);
  if (!signature) throw invalidSignature();

  const signedAt = new Date();
  const { bytes } = await acPdf(deps, user, t, ticket, ac, {
    signerName: input.signer_name,
    signature,
    signedAt,
    agentId: via === 'agente' ? user.id : null,
  });
  let discard: (() => Promise<void>) | undefined;
  try {
    const { result } = await runCommand(deps, {
      machine: acMachine,
      machineName: 'ac',
      entity: { type: 'ticket', id: ticket.id, companyId: ticket.companyId, projectId: ticket.projectId },
      load: async (tx) => {
        const [row] = await tx
          .select()
          .from(acs)
          .where(and(eq(acs.id, ac.id), eq(acs.ticketId, ticket.id)))
          .for('update');
        // Two signers at once: the second finds the first one's signature under the lock.
        if (row?.signedAt) throw alreadySigned();
        return row && { ...acStored(row), row, projectId: row.projectId };
      },
      event,
      commands: acCommands,
      actor: user,
      persist: async (tx) => {
        const stored = await storeGeneratedFile(deps, tx, {
          companyId: ticket.companyId,
          userId: user.id,
          name: acPdfName(ac.code),
          extension: 'pdf',
          bytes,
          entity: { type: 'ticket', id: ticket.id },
        });
        discard = stored.discard;
        const [row] = await tx
          .update(acs)
          .set({
            signedAt,
            signedBy: user.id,
            signedVia: via,
            signerName: input.signer_name,
            signaturePath: image.path,
            signedPdfPath: stored.file.path,
            updatedAt: signedAt,
          })
          .where(eq(acs.id, ac.id))
          .returning();
        // The signed act in the ticket's activity, public: staff and the owner find it among its documents.
        await tx.insert(ticketMessages).values({
          companyId: ticket.companyId,
          ticketId: ticket.id,
          authorId: user.id,
          visibility: 'public',
          kind: 'document',
          attachments: [
            { path: stored.file.path, name: stored.file.name, size: stored.file.size, type: 'application/pdf' },
          ],
          data: { action: 'ac.sign', acId: ac.id, acCode: ac.code, signerName: input.signer_name },
        });
        const [touched] = await tx
          .update(tickets)
          .set({ updatedAt: signedAt })
          .where(eq(tickets.id, ticket.id))
          .returning();
        // docs/api.md Events: every ticket event says whether its owner can be told.
        const { ownerNotifiable } = await recipients(tx, touched, user.id, false);
        return { row, ticket: touched, ownerNotifiable };
      },
      userId: user.id,
      t,
      eventType: 'ac.signed',
      data: (_next, r) => ({
        ...ticketCard(r.ticket),
        ref: ac.code,
        acId: ac.id,
        acCode: ac.code,
        acState: r.row.state,
        signedVia: via,
        signerName: input.signer_name,
        ownerNotifiable: r.ownerNotifiable,
      }),
      notify: () => signNotified(ticket, ac, via, user.id),
      link: `${ticketLink(ticket.id)}/ac`,
    });
    // The signature drawn follows the ticket's visibility, as the act does (registry.fileAccess('ticket')).
    await attachFiles(deps, ticket.companyId, [image.path], { type: 'ticket', id: ticket.id });
    return result.row;
  } catch (error) {
    await discard?.().catch(() => undefined);
    throw error;
  }
}
