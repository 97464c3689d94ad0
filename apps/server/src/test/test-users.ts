import { generateSecret } from 'otplib';
import { insertUser } from '../modules/identity/identity.repository.js';
import type { TestApp } from './test-app.js';

let counter = 0;

const OPERATOR_ROLES = ['reviewer', 'support', 'admin'];

/**
 * `invitedBy`: the inviter's id. `totp`: whether two-factor is on, by default only for an
 * operator role (operators must have it, #14); `false` makes an operator without it.
 */
export type TestUserOptions = { invitedBy?: string; totp?: boolean };

/** A user (or operator) with a live session, made directly through the identity service. */
export async function createUserWithSession(
  testApp: TestApp,
  roles: string[] = ['user'],
  options: TestUserOptions = {},
): Promise<{ id: string; token: string }> {
  const user = await createSignableUser(testApp, roles, options);
  return { id: user.id, token: await user.signIn() };
}

/** A user whose further sessions a test can start (each one a fresh token), e.g. after a sign-out. */
export async function createSignableUser(
  testApp: TestApp,
  roles: string[] = ['user'],
  options: TestUserOptions = {},
): Promise<{
  id: string;
  userName: string;
  email: string;
  inviteCode: string;
  /** The authenticator secret when two-factor is on, else null. */
  totpSecret: string | null;
  signIn: () => Promise<string>;
}> {
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
  const totpSecret = (options.totp ?? roles.some((role) => OPERATOR_ROLES.includes(role))) ? generateSecret() : null;
  if (totpSecret) {
    await testApp.database.db
      .updateTable('users')
      .set({ totp_secret: totpSecret, totp_enabled: true })
      .where('id', '=', user.id)
      .execute();
  }
  return {
    id: user.id,
    userName: user.user_name,
    email: user.email ?? `${name}@example.test`,
    inviteCode: user.invite_code,
    totpSecret,
    signIn: async () => (await testApp.app.services.identity.startSession(user, 'live', { userAgent: null })).token,
  };
}
