import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ROLES, type Role, USER_NAME_PATTERN } from '@openbourse/contracts';
import { loadConfig } from '../config.js';
import { createAppDatabase as createDatabase } from '../database.js';
import * as repository from '../modules/identity/identity.repository.js';
import { hashPassword } from '../modules/identity/password.js';
import { newInviteCode } from '../modules/identity/secrets.js';
import { migrate } from '../platform/db/migrate.js';
import { provisionDatabase } from '../platform/db/provision.js';

/**
 * `npm run admin:create -- --user NAME --role admin|reviewer|support`: creates an operator
 * account and prints its generated password once (it is stored only as an argon2id hash), and
 * that the operator must turn on two-factor authentication before using the back office (#14).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { user: { type: 'string' }, role: { type: 'string', default: 'admin' } } });
  const userName = values.user?.trim() ?? '';
  const role = values.role as Role;
  if (!USER_NAME_PATTERN.test(userName)) throw new Error('--user must be 3-32 of A-Z a-z 0-9 . _ -');
  if (!ROLES.includes(role) || role === 'user') throw new Error('--role must be admin, reviewer or support');

  const config = loadConfig();
  const database = await provisionDatabase(config, (line) => process.stderr.write(`${line}\n`));
  await migrate(database.connectionString);
  const db = createDatabase(database.connectionString, { max: 2 });
  try {
    if (await repository.isUserNameTaken(db, userName)) throw new Error(`a user named ${userName} already exists`);
    // 120 random bits, printed once: the operator changes it after the first sign-in.
    const password = randomBytes(15).toString('base64url');
    await repository.insertUser(db, {
      user_name: userName,
      user_name_key: userName.toLowerCase(),
      email: null,
      password_hash: await hashPassword(password),
      invite_code: newInviteCode(),
      invited_by: null,
      roles: ['user', role],
    });
    process.stdout.write(
      `Created ${role} "${userName}". Password (shown once, change it after signing in):\n${password}\n` +
        'Before using the back office, turn on two-factor authentication in your profile ' +
        '(Profile → Two-factor authentication): every operator route refuses an operator without it.\n',
    );
  } finally {
    await db.destroy();
    await database.embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`admin:create failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
