import { expect, type Page } from '@playwright/test';
import { authenticatorCode } from '../identity/helpers';
import { MAIN_MAIL_PORT } from '../ports';

export type OperatorRole = 'admin' | 'reviewer' | 'support';
export type Operator = { userName: string; password: string; totpKey: string };

/** A new operator, made by `admin:create` against the journeys' deployment (scripts/e2e-server.mjs). */
export async function createOperator(role: OperatorRole): Promise<{ userName: string; password: string }> {
  const response = await fetch(`http://127.0.0.1:${MAIN_MAIL_PORT}/operator?role=${role}`);
  const answer = (await response.json()) as { userName?: string; password?: string; error?: string };
  if (!answer.userName || !answer.password) throw new Error(`no operator: ${answer.error ?? response.status}`);
  return { userName: answer.userName, password: answer.password };
}

async function logInWithPassword(page: Page, who: { userName: string; password: string }) {
  await page.goto('/pass/login');
  await page.getByLabel('User name or e-mail').fill(who.userName);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * A new operator signed in, with two-factor authentication turned on the way the back office
 * asks for it: /admin says it is needed and leads to the profile's two-factor section.
 * back-office-access.spec.ts walks these screens; other journeys take `signInNewOperator`.
 */
export async function signInNewOperatorThroughForms(page: Page, role: OperatorRole): Promise<Operator> {
  const created = await createOperator(role);
  await logInWithPassword(page, created);
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Turn on two-factor authentication' })).toBeVisible();
  await page.getByRole('link', { name: 'Set up two-factor authentication' }).click();
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(twoFactor.getByTestId('operator-two-factor-required')).toBeVisible();
  await twoFactor.getByRole('button', { name: 'Set up' }).click();
  const totpKey = (await twoFactor.getByTestId('totp-secret').textContent()) ?? '';
  await twoFactor.getByLabel('Authenticator code').fill(authenticatorCode(totpKey));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
  return { ...created, totpKey };
}

/**
 * A new operator, with two-factor authentication on, signed in to `page`, for journeys about what
 * operators do rather than how they sign in: the same operator and the same server-side steps as
 * `signInNewOperatorThroughForms` (password sign-in, two-factor set up and turned on with a code),
 * sent through the API, and the session handed to the browser. About a second instead of eight on
 * a loaded machine, for the fifteen-odd operators the journeys make. The page is left on a
 * same-origin document without the app: the journey's next `goto` opens the app signed in.
 */
export async function signInNewOperator(page: Page, role: OperatorRole): Promise<Operator> {
  const created = await createOperator(role);
  const signedIn = await callApi<{ token: string }>(page, '/swx/customer/login/login', {
    userName: created.userName,
    password: created.password,
  });
  const { secret: totpKey } = await callApi<{ secret: string }>(
    page,
    '/swx/customer/user/totp/setup',
    {},
    signedIn.token,
  );
  await callApi(page, '/swx/customer/user/totp/enable', { code: authenticatorCode(totpKey) }, signedIn.token);
  await useSession(page, signedIn.token);
  return { ...created, totpKey };
}

/** A call to the platform's API from the page's browser context: the envelope's `data`, or a thrown refusal. */
async function callApi<T>(page: Page, path: string, body: object, token?: string): Promise<T> {
  const response = await page.request.post(path, {
    data: body,
    headers: { lang: 'en', ...(token ? { Authorization: token } : {}) },
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  // SPEC §7: 200, or 200xx ("Changes saved."), is success; any other code a refusal.
  const succeeded = envelope.code === 200 || (envelope.code >= 20000 && envelope.code < 30000);
  if (!succeeded) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * Puts a session where the web app keeps it (apps/web/src/modules/identity/session.ts: the token
 * and the user's info in local storage), written from /healthz: a document of the app's origin
 * that runs none of its code. The user's info is read after the sign-in's last step, as the app
 * itself refreshes it.
 */
async function useSession(page: Page, token: string) {
  const user = await callApi<{ id: number }>(page, '/swx/customer/user/getUserInfo', {}, token);
  await page.goto('/healthz');
  await page.evaluate(
    (stored) => {
      localStorage.setItem('ob.token', stored.token);
      localStorage.setItem('ob.user', stored.user);
    },
    { token, user: JSON.stringify(user) },
  );
}

/**
 * Signs an operator whose two-factor is on in again: password, then the authenticator's next
 * code (each code is accepted once, #13, and the one that turned it on may still be current).
 */
export async function signInWithTwoFactor(page: Page, operator: Operator, codeOffsetSteps = 1) {
  await logInWithPassword(page, operator);
  // The form asks for the code once the password is right; the same "Log in" sends both.
  const code = page.getByRole('textbox', { name: 'Authenticator code' });
  await expect(page.getByText('Two-factor authentication is on for this account.')).toBeVisible();
  await code.fill(authenticatorCode(operator.totpKey, Date.now() + codeOffsetSteps * 30_000));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
}
