import { insertUser } from '../modules/identity/identity.repository.js';
import type { TestApp } from './test-app.js';

let counter = 0;

/** A user (or operator) with a live session, made directly through the identity service. */
export async function createUserWithSession(
  testApp: TestApp,
  roles: string[] = ['user'],
  options: { invitedBy?: string } = {},
): Promise<{ id: string; token: string }> {
  counter += 1;
  const name = `u${Date.now().toString(36)}${counter}`;
  const user = await insertUser(testApp.database.db, {
    user_name: name,
    user_name_key: name,
    email: `${name}@example.test`,
    password_hash: null,
    invite_code: `T${counter}${Date.now().toString(36)}`.toUpperCase().slice(0, 12),
    invited_by: options.invitedBy ?? null,
    roles,
  });
  const session = await testApp.app.services.identity.startSession(user, 'live', { userAgent: null });
  return { id: user.id, token: session.token };
}
