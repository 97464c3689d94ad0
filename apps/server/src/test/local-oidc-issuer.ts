import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type LocalIssuer = { url: string; close: () => Promise<void> };

export type LocalIssuerOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  client: { id: string; secret: string; redirectUris: string[] };
  /** The claims of a subject, or undefined when there is no such account. */
  claimsOf: (subject: string) => Record<string, unknown> | undefined;
  /** Which account the interaction step signs in, from the authorization request's parameters. */
  accountFor: (params: Record<string, unknown>) => string;
};

/**
 * A real OpenID provider on 127.0.0.1 standing in for Google in tests and browser journeys.
 * Its interaction page (login and consent) is a handler that signs in the chosen account and
 * grants the requested scopes; PKCE is required, and the ID token carries the e-mail claims.
 */
export async function startLocalOidcIssuer(options: LocalIssuerOptions): Promise<LocalIssuer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(url, {
    clients: [
      {
        client_id: options.client.id,
        client_secret: options.client.secret,
        redirect_uris: options.client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'local-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['a-local-cookie-signing-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the ID token itself carries the e-mail claims of the granted scopes.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: async (_ctx: unknown, sub: string) => {
      const claims = options.claimsOf(sub);
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const accountId = options.accountFor(details.params);
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  return {
    url,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
