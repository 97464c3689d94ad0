import { expect } from '../fixtures';
import { MAIN_MAIL_PORT } from '../ports';

/**
 * The newest withdrawal-address confirmation link the local mail server (scripts/e2e-server.mjs)
 * received for an address, waited for.
 */
export async function addressConfirmationLink(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const response = await fetch(`http://127.0.0.1:${MAIN_MAIL_PORT}/link?to=${encodeURIComponent(address)}`);
      link = ((await response.json()) as { link: string | null }).link ?? '';
      return link;
    })
    .toContain('/profile/withdrawal-addresses/confirm?token=');
  return link;
}
