import { z } from 'zod';

/**
 * "Sign in with Google" (OpenID Connect authorization code + PKCE). The browser runs the
 * authorization request itself and hands the server the code, the PKCE verifier it kept,
 * and the redirect URI it used; the server exchanges the code with Google's client secret.
 */
export const ZGoogleLoginRequest = z.object({
  code: z.string().min(1).max(2048),
  // RFC 7636: 43-128 characters of [A-Z a-z 0-9 - . _ ~].
  codeVerifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'codeVerifier must be 43-128 unreserved characters'),
  // Without query or fragment: the code is appended to it, and the token request repeats it bare.
  redirectUri: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .refine((uri) => !uri.includes('?') && !uri.includes('#'), 'redirectUri must not carry a query or fragment'),
});
export type TGoogleLoginRequest = z.infer<typeof ZGoogleLoginRequest>;

export const ZGoogleConfigResponse = z.object({
  enabled: z.boolean(),
  clientId: z.string().nullable(),
  authorizationEndpoint: z.string().nullable().describe("The issuer's authorization endpoint, from discovery"),
  scope: z.string(),
});
export type TGoogleConfigResponse = z.infer<typeof ZGoogleConfigResponse>;
