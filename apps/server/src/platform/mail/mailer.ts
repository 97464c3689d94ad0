import nodemailer from 'nodemailer';
import type { DbView } from '../db/database.js';
import type { PlatformTables } from '../db/platform.tables.js';

export type OutgoingMail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: OutgoingMail) => Promise<void>; kind: 'smtp' | 'outbox' };

/**
 * Real delivery over SMTP when SMTP_URL is set; otherwise (development) every mail lands in
 * the `mail_outbox` table, where codes can be read without a mail server. The log names the
 * outbox row only: addresses and live codes never reach a log (#13). Production refuses to
 * start without SMTP_URL (config.ts).
 */
export function createMailer(
  db: DbView<PlatformTables>,
  options: { smtpUrl?: string; from: string; log: (line: string) => void },
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      send: async (mail) => {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    kind: 'outbox',
    send: async (mail) => {
      const row = await db
        .insertInto('mail_outbox')
        .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text })
        .returning('id')
        .executeTakeFirstOrThrow();
      options.log(`[mail outbox] mail ${row.id} queued in the mail_outbox table (SMTP_URL is unset)`);
    },
  };
}

export type OutboxMail = { id: string; to: string; subject: string; text: string; createdAt: Date };

/** The newest development mails (the outbox), newest first; `to` narrows them to one address. */
export async function readOutbox(
  db: DbView<PlatformTables>,
  query: { limit: number; to?: string },
): Promise<OutboxMail[]> {
  let select = db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(query.limit);
  if (query.to) select = select.where('to_address', '=', query.to);
  const rows = await select.execute();
  return rows.map((row) => ({
    id: String(row.id),
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    createdAt: row.created_at,
  }));
}
