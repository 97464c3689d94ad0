import { randomInt } from 'node:crypto';
import {
  type Book,
  type TGoogleConfigResponse,
  type TGoogleLoginRequest,
  type TLoginResult,
  USER_NAME_PATTERN,
  ZEmail,
} from '@openbourse/contracts';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { AppError } from '../../platform/errors/app-error.js';
import * as repository from './identity.repository.js';
import type { IdentityService } from './identity.service.js';
import type { IdentityDb as Db } from './identity.tables.js';

export const GOOGLE_SCOPE = 'openid email profile';
/** After a failed discovery, answer from that failure for a while instead of asking the issuer on every call. */
const DISCOVERY_RETRY_MS = 30_000;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const USER_NAME_MIN = 3;
const USER_NAME_MAX = 32;

export type GoogleOptions = {
  issuer: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** WALLET_ONLY: the deployment signs in with wallets only, Google included. */
  walletOnly?: boolean;
};

type RequestMeta = { userAgent: string | null; ip?: string | null };
type GoogleIdentity = { subject: string; email: string };

/**
 * Plain http only for an issuer on this machine (the tests' local provider); anything
 * else must be https, as openid-client insists by default.
 */
export function isLocalIssuer(issuer: URL): boolean {
  return issuer.hostname === '127.0.0.1' || issuer.hostname === 'localhost';
}

/** A user name from the e-mail's local part: [A-Za-z0-9._-], 3-32 characters, before any suffix. */
export function userNameBase(email: string): string {
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@')));
  const cleaned = local.replace(/[^A-Za-z0-9._-]/g, '').slice(0, USER_NAME_MAX);
  return cleaned.length >= USER_NAME_MIN ? cleaned : `${cleaned}user`;
}

/** The attempt-th candidate: the base, then base2..base10, then a random six-digit suffix. */
export function userNameCandidate(base: string, attempt: number): string {
  const suffix = attempt === 0 ? '' : attempt < 10 ? String(attempt + 1) : String(randomInt(100_000, 1_000_000));
  return `${base.slice(0, USER_NAME_MAX - suffix.length)}${suffix}`;
}

/**
 * What a failure may say in the log: openid-client's errors carry the authorization
 * response (with the code) or the token response in `cause`, so never the error itself.
 */
function describeFailure(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const fields = error as Error & { code?: unknown; error?: unknown; error_description?: unknown; status?: unknown };
  return {
    name: error.name,
    message: error.message,
    code: fields.code,
    oauthError: fields.error,
    oauthErrorDescription: fields.error_description,
    status: fields.status,
  };
}

function uniqueViolation(error: unknown): string | null {
  const fields = error as { code?: unknown; constraint?: unknown };
  return fields.code === '23505' ? String(fields.constraint ?? '') : null;
}

export function createGoogleSignIn(db: Db, identity: IdentityService, options: GoogleOptions) {
  const { clientId, clientSecret } = options;
  const issuer = new URL(options.issuer);
  const configured = Boolean(clientId && clientSecret);

  // Discovery once per process: the issuer's metadata is stable and its keys are fetched
  // (and refreshed on an unknown key id) by openid-client itself.
  let discovered: Promise<oidc.Configuration> | null = null;
  let failure: { at: number; error: unknown } | null = null;

  function configuration(): Promise<oidc.Configuration> {
    if (!clientId || !clientSecret) return Promise.reject(new AppError('GOOGLE_NOT_CONFIGURED'));
    if (failure && performance.now() - failure.at < DISCOVERY_RETRY_MS) return Promise.reject(failure.error);
    if (!discovered) {
      discovered = oidc
        .discovery(issuer, clientId, clientSecret, undefined, {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          execute: isLocalIssuer(issuer) ? [oidc.allowInsecureRequests] : [],
        })
        .then(
          (config) => {
            failure = null;
            return config;
          },
          (error: unknown) => {
            discovered = null;
            // An interval, measured on the monotonic clock.
            failure = { at: performance.now(), error };
            throw error;
          },
        );
    }
    return discovered;
  }

  /** The verified Google identity behind an authorization code, or GOOGLE_SIGN_IN_FAILED. */
  async function exchange(input: TGoogleLoginRequest, log: FastifyBaseLogger): Promise<GoogleIdentity> {
    let claims: oidc.IDToken | undefined;
    try {
      const config = await configuration();
      // The authorization response as the browser received it at the redirect URI.
      const currentUrl = new URL(input.redirectUri);
      currentUrl.searchParams.set('code', input.code);
      // RFC 9207 guards against mix-ups between several issuers; this server trusts exactly
      // one, so when that issuer announces `iss` in its responses it can only be its own.
      const metadata = config.serverMetadata();
      if (metadata.authorization_response_iss_parameter_supported) currentUrl.searchParams.set('iss', metadata.issuer);
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: input.codeVerifier,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      log.warn({ failure: describeFailure(error) }, 'Google sign-in: token exchange failed');
      throw new AppError('GOOGLE_SIGN_IN_FAILED');
    }
    const email = ZEmail.safeParse(claims?.email);
    if (!claims || typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255) {
      log.warn('Google sign-in: ID token without a usable subject');
      throw new AppError('GOOGLE_SIGN_IN_FAILED');
    }
    // Only an address Google has verified may sign in or, above all, take over an account by e-mail.
    if (claims.email_verified !== true || !email.success) {
      log.warn({ subject: claims.sub }, 'Google sign-in: e-mail missing or not verified');
      throw new AppError('GOOGLE_SIGN_IN_FAILED');
    }
    return { subject: claims.sub, email: email.data };
  }

  async function createUser(google: GoogleIdentity, log: FastifyBaseLogger): Promise<repository.UserRow> {
    const base = userNameBase(google.email);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const userName = userNameCandidate(base, attempt);
      if (!USER_NAME_PATTERN.test(userName) || (await repository.isUserNameTaken(db, userName))) continue;
      try {
        return await repository.insertUser(db, {
          user_name: userName,
          user_name_key: userName.toLowerCase(),
          email: google.email,
          password_hash: null,
          invite_code: await identity.uniqueInviteCode(),
          invited_by: null,
          google_subject: google.subject,
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        // Lost a race for the name (or invite code): try the next candidate.
        if (constraint.includes('user_name') || constraint.includes('invite_code')) continue;
        // The same Google account signing in twice at once: the other request created the user.
        const created = await repository.findUserByGoogleSubject(db, google.subject);
        if (created) return created;
        log.warn({ constraint }, 'Google sign-in: could not create the user');
        throw new AppError('GOOGLE_SIGN_IN_FAILED');
      }
    }
    throw new Error('could not find a free user name');
  }

  /** The account this Google identity signs in to: by subject, else by e-mail (linked now), else a new one. */
  async function findOrCreateUser(google: GoogleIdentity, log: FastifyBaseLogger): Promise<repository.UserRow> {
    const linked = await repository.findUserByGoogleSubject(db, google.subject);
    if (linked) return linked;
    const byEmail = await repository.findUserByEmail(db, google.email);
    if (!byEmail) return createUser(google, log);
    if (byEmail.status !== 'active') throw new AppError('ABNORMAL_USER_STATUS');
    // The address now belongs to another Google account (e.g. a recycled address): do not
    // silently move the account over to it.
    if (byEmail.google_subject !== null) {
      log.warn({ userId: byEmail.id }, 'Google sign-in: e-mail already linked to another Google account');
      throw new AppError('GOOGLE_SIGN_IN_FAILED');
    }
    await repository.updateUser(db, byEmail.id, { google_subject: google.subject });
    return { ...byEmail, google_subject: google.subject };
  }

  return {
    async publicConfig(log: FastifyBaseLogger): Promise<TGoogleConfigResponse> {
      const disabled = { enabled: false, clientId: null, authorizationEndpoint: null, scope: GOOGLE_SCOPE };
      if (!configured || !clientId || options.walletOnly) return disabled;
      try {
        const endpoint = (await configuration()).serverMetadata().authorization_endpoint;
        if (!endpoint) throw new Error('the issuer announces no authorization endpoint');
        return { enabled: true, clientId, authorizationEndpoint: endpoint, scope: GOOGLE_SCOPE };
      } catch (error) {
        log.error({ failure: describeFailure(error), issuer: issuer.href }, 'Google sign-in: discovery failed');
        return disabled;
      }
    },

    async signIn(
      input: TGoogleLoginRequest,
      book: Book,
      meta: RequestMeta,
      log: FastifyBaseLogger,
    ): Promise<TLoginResult> {
      if (options.walletOnly) throw new AppError('WALLET_ONLY_MODE');
      if (!configured) throw new AppError('GOOGLE_NOT_CONFIGURED');
      const google = await exchange(input, log);
      const user = await findOrCreateUser(google, log);
      return identity.finishSignIn(user, book, meta, 'google');
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
