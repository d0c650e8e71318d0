import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox, type MailAttachment } from '../db/schema/index.ts';
import type { Logger } from '../lib/logger.ts';

export type { MailAttachment };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  companyId?: number | null;
  /** Small text files sent with the mail (an invite.ics), kept whole in the outbox. */
  attachments?: MailAttachment[];
};
export type Mailer = { send(mail: Mail): Promise<number> };

/**
 * Every mail is written to the mail_outbox table (readable at /dev/mail in development); with
 * SMTP_URL it is also delivered by SMTP and marked sent.
 */
export function createMailer(db: Db, log: Logger, smtpUrl?: string, from = 'Postventa <no-reply@localhost>'): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  // nodemailer re-emits its transport's 'error' events on the transporter (today only OAuth2 token
  // failures, which SMTP_URL cannot configure); an unheard one would end the process.
  transport?.on('error', (error) => log.warn('smtp transport error', { error: error.message }));
  return {
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          companyId: mail.companyId ?? null,
          attachments: mail.attachments?.length ? mail.attachments : null,
        })
        .returning({ id: mailOutbox.id });
      if (transport) {
        try {
          await transport.sendMail({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: mail.attachments,
          });
          await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
        } catch (error) {
          log.error('smtp delivery failed', { mailId: row.id, error });
        }
      }
      return row.id;
    },
  };
}
