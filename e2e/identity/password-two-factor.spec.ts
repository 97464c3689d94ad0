import { expect, test } from '../fixtures';
import { authenticatorCode, newIdentity, registerThroughForm } from './helpers';

test('turning two-factor authentication off asks for the password as well as a code', async ({ page }) => {
  const who = newIdentity('twofa');
  await registerThroughForm(page, who);

  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await twoFactor.getByRole('button', { name: 'Set up' }).click();
  const key = (await twoFactor.getByTestId('totp-secret').textContent()) ?? '';
  await twoFactor.getByLabel('Authenticator code').fill(authenticatorCode(key));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
  await expect(twoFactor).toContainText('To turn it off, enter your password and a current code');

  // A wrong password is refused beside the field, in the reader's language, and nothing changes.
  // Each code is accepted once (#13): the app's next code, which the drift window takes.
  const password = twoFactor.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('Not-My-Password-1');
  await twoFactor.getByLabel('Authenticator code').fill(authenticatorCode(key, Date.now() + 30_000));
  await twoFactor.getByRole('button', { name: 'Turn off' }).click();
  await expect(twoFactor.getByText('The password is incorrect.')).toBeVisible();
  await expect(password).toHaveAccessibleDescription('The password is incorrect.');
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();

  // The wrong password used up no code: the same one, with the right password, turns it off.
  await password.fill(who.password);
  await twoFactor.getByRole('button', { name: 'Turn off' }).click();
  await expect(twoFactor.getByText('Off', { exact: true })).toBeVisible();
  await expect(password).toHaveCount(0);
});
