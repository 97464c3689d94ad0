import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { migrate } from '../db/migrate.js';
import { createMailer, readOutbox } from './mailer.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
});
afterAll(() => database.drop());

it('without SMTP, queues the mail in the outbox and logs only its row id: no address, subject or code (#13)', async () => {
  const lines: string[] = [];
  const mailer = createMailer(database.db, {
    from: 'OpenBourse <no-reply@x.invalid>',
    log: (line) => lines.push(line),
  });
  expect(mailer.kind).toBe('outbox');
  await mailer.send({ to: 'alice@example.com', subject: 'Your code', text: 'Your verification code is 492817' });

  const rows = await database.db.selectFrom('mail_outbox').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ to_address: 'alice@example.com', text_body: 'Your verification code is 492817' });
  expect(lines).toEqual([`[mail outbox] mail ${rows[0]?.id} queued in the mail_outbox table (SMTP_URL is unset)`]);
  const logged = lines.join('\n');
  for (const secret of ['alice@example.com', '492817', 'Your code']) expect(logged).not.toContain(secret);
});

it('reads the outbox back newest first, for one address when asked (npm run mail:outbox)', async () => {
  const mailer = createMailer(database.db, { from: 'OpenBourse <no-reply@x.invalid>', log: () => {} });
  await mailer.send({ to: 'bob@example.com', subject: 'First', text: 'one' });
  await mailer.send({ to: 'carol@example.com', subject: 'Second', text: 'two' });
  await mailer.send({ to: 'bob@example.com', subject: 'Third', text: 'three' });

  const newest = await readOutbox(database.db, { limit: 2 });
  expect(newest.map((mail) => mail.subject)).toEqual(['Third', 'Second']);
  const bobs = await readOutbox(database.db, { limit: 10, to: 'bob@example.com' });
  expect(bobs.map((mail) => [mail.to, mail.subject, mail.text])).toEqual([
    ['bob@example.com', 'Third', 'three'],
    ['bob@example.com', 'First', 'one'],
  ]);
});
