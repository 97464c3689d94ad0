import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createAppDatabase as createDatabase } from '../database.js';
import { migrate } from '../platform/db/migrate.js';
import { provisionDatabase } from '../platform/db/provision.js';
import { readOutbox } from '../platform/mail/mailer.js';

/**
 * `npm run mail:outbox [-- --to ADDRESS] [--last N]`: prints the newest development mails (no
 * SMTP_URL: the mailer keeps them in the `mail_outbox` table), so someone trying `npm start`
 * can read a registration code or an address-book confirmation link without a mail server.
 * Works beside a running `npm start` on its embedded database. Refused in production, where
 * mail goes out over SMTP and its codes are nobody else's to read.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, last: { type: 'string', default: '5' } } });
  const limit = Number(values.last);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new Error('--last must be a whole number from 1 to 100');
  const config = loadConfig();
  if (config.DEPLOYMENT_MODE === 'production') throw new Error('the outbox is for development; production sends mail');
  if (config.SMTP_URL) process.stderr.write('SMTP_URL is set: new mails go out over SMTP, not to the outbox\n');
  const database = await provisionDatabase(config, (line) => process.stderr.write(`${line}\n`));
  await migrate(database.connectionString);
  const db = createDatabase(database.connectionString, { max: 1 });
  try {
    const mails = await readOutbox(db, { limit, ...(values.to ? { to: values.to.trim() } : {}) });
    if (mails.length === 0) process.stdout.write('the mail outbox is empty\n');
    for (const mail of mails) {
      process.stdout.write(
        `--- mail ${mail.id}, ${mail.createdAt.toISOString()}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n\n`,
      );
    }
  } finally {
    await db.destroy();
    await database.embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`mail:outbox failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
