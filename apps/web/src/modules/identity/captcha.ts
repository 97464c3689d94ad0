import { identityEndpoints } from '@openbourse/contracts/constants';
import { callApi } from '../../shared/api/client';
import type { CaptchaSolution } from './identity.api';

function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/**
 * The self-hosted proof-of-work captcha: when the deployment turns it on, fetch a challenge
 * and search for a solution (a fraction of a second to a few seconds of this device's time).
 * Returns undefined when no captcha is required.
 */
export async function solveCaptchaIfRequired(): Promise<CaptchaSolution | undefined> {
  const config = await callApi(identityEndpoints.captchaConfig, {});
  if (!config.required || !config.challenge) return undefined;
  const { challengeId, salt, difficulty } = config.challenge;
  const encoder = new TextEncoder();
  for (let counter = 0; ; counter += 1) {
    const candidate = counter.toString(36);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(salt + candidate)));
    if (leadingZeroBits(digest) >= difficulty) return { challengeId, solution: candidate };
  }
}
