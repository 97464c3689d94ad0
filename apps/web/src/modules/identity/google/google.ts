import { identityEndpoints } from '@openbourse/contracts/constants';
import { callApi } from '../../../shared/api/client';

export type GoogleConfig = {
  enabled: boolean;
  clientId: string | null;
  authorizationEndpoint: string | null;
  scope: string;
};

const PENDING_KEY = 'ob.googleSignIn';
export const GOOGLE_CALLBACK_PATH = '/api/loginCallback/google';

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function randomToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export function googleRedirectUri(): string {
  return `${window.location.origin}${GOOGLE_CALLBACK_PATH}`;
}

/**
 * Starts the authorization-code flow with PKCE: the verifier and a state value stay in this
 * tab's session storage; only the S256 challenge travels to the provider.
 */
export async function startGoogleSignIn(config: GoogleConfig): Promise<void> {
  if (!config.enabled || !config.clientId || !config.authorizationEndpoint)
    throw new Error('Google sign-in is not configured');
  const codeVerifier = randomToken();
  const state = randomToken();
  const challenge = base64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))),
  );
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ codeVerifier, state }));
  const url = new URL(config.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    scope: config.scope,
    redirect_uri: googleRedirectUri(),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  }).toString();
  window.location.assign(url.href);
}

/** The pending sign-in of this tab, taken once; null when the state does not match. */
export function takePendingSignIn(returnedState: string | null): { codeVerifier: string } | null {
  const text = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!text || !returnedState) return null;
  try {
    const pending = JSON.parse(text) as { codeVerifier?: string; state?: string };
    return pending.state === returnedState && pending.codeVerifier ? { codeVerifier: pending.codeVerifier } : null;
  } catch {
    return null;
  }
}

export function fetchGoogleConfig(signal?: AbortSignal): Promise<GoogleConfig> {
  return callApi(identityEndpoints.googleConfig, { signal });
}
