import nodemailer from 'nodemailer';
import type { DbView } from '../db/database.js';
import type { PlatformTables } from '../db/platform.tables.js';

export type OutgoingMail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: OutgoingMail) => Promise<void>; kind: 'smtp' | 'outbox' };

/**
 * Real delivery over SMTP when SMTP_URL is set; otherwise (development) every mail lands in
 * the `mail_outbox` table and on the console, so codes can be read without a mail server.
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
      await db
        .insertInto('mail_outbox')
        .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text })
        .execute();
      options.log(`[mail outbox] to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}
