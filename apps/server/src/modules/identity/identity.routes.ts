import {
  AREA_CODES,
  ZAreaCodesResponse,
  ZAuthSettingsResponse,
  ZCaptchaConfigResponse,
  ZCheckUserNameOrPhoneQuery,
  ZCheckUserNameOrPhoneResponse,
  ZHeartbeatRequest,
  ZLoginRequest,
  ZLoginResult,
  ZOkResponse,
  ZRegisterRequest,
  ZRepasswordRequest,
  ZResetPasswordRequest,
  ZSecondFactorRequest,
  ZSendCodeRequest,
  ZSendCodeResponse,
  ZTotpCodeRequest,
  ZTotpSetupResponse,
  ZUserInfo,
} from '@openbourse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import type { AuthenticatedUser, IdentityService } from './identity.service.js';

const tags = ['identity'];
const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

function meta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/** The authenticated caller; the guard has run for every non-public route. */
function caller(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw new AppError('NOT_LOGGED_IN');
  return request.auth;
}

export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityService): void {
  defineRoute(app, {
    method: 'GET',
    url: '/login/checkUserNameOrPhone',
    auth: 'public',
    tags,
    summary: 'Whether a user name (or e-mail) or phone is registered; reveals existence by design, so rate limited',
    query: ZCheckUserNameOrPhoneQuery,
    response: ZCheckUserNameOrPhoneResponse,
    rateLimit: perMinute(30),
    handler: ({ query }) => identity.exists(query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/login/captchaConfig',
    auth: 'public',
    tags,
    summary: 'Whether a proof-of-work captcha is required, with a fresh challenge when it is',
    response: ZCaptchaConfigResponse,
    rateLimit: perMinute(60),
    handler: () => identity.captchaConfig(),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/login/areaCodes',
    auth: 'public',
    tags,
    summary: 'The 55 phone area codes offered in forms, each with an ISO region',
    response: ZAreaCodesResponse,
    handler: async () => [...AREA_CODES],
  });

  defineRoute(app, {
    method: 'GET',
    url: '/login/authSettings',
    auth: 'public',
    tags,
    summary: 'Sign-in settings the web needs: access guard, wallet-only mode, demo, Google, captcha',
    response: ZAuthSettingsResponse,
    handler: async () => identity.settings(),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/sendCode',
    auth: 'public',
    tags,
    summary: 'E-mail a 6-digit code (registration or password reset); valid 10 minutes, once a minute per address',
    body: ZSendCodeRequest,
    fieldErrors: { 'body.email': 'EMAIL_WRONG' },
    response: ZSendCodeResponse,
    rateLimit: perMinute(10),
    handler: ({ body, request }) => identity.sendCode(body, request.language),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/register',
    auth: 'public',
    tags,
    summary: 'Create an account with an e-mail code; answers like login',
    body: ZRegisterRequest,
    fieldErrors: { 'body.userName': 'USER_NAME_INPUT_ERROR', 'body.email': 'EMAIL_WRONG' },
    response: ZLoginResult,
    rateLimit: perMinute(10),
    handler: ({ body, request }) => identity.register(body, request.book, meta(request)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/login',
    auth: 'public',
    tags,
    summary: 'Sign in with user name or e-mail and password (and TOTP when enabled); 5 failures lock for 15 minutes',
    body: ZLoginRequest,
    fieldErrors: { 'body.userName': 'ENTER_USER_NAME_OR_EMAIL' },
    response: ZLoginResult,
    rateLimit: perMinute(20),
    handler: ({ body, request }) => identity.login(body, request.book, meta(request)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/secondFactor',
    auth: 'public',
    tags,
    summary:
      'Completes a Google or wallet sign-in of an account with two-factor authentication on: the challenge that sign-in answered with 10116 (data: { challenge, expiresAt }, 5 minutes) and the authenticator code; wrong codes count towards the 15-minute lock',
    body: ZSecondFactorRequest,
    fieldErrors: { 'body.challenge': 'NONCE_INVALID', 'body.totp': 'TOTP_INVALID' },
    response: ZLoginResult,
    rateLimit: perMinute(20),
    handler: ({ body, request }) => identity.completeSecondFactor(body, request.book, meta(request)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/resetPassword',
    auth: 'public',
    tags,
    summary: 'Set a new password with an e-mail code; signs out every session',
    body: ZResetPasswordRequest,
    fieldErrors: { 'body.email': 'EMAIL_WRONG' },
    response: ZOkResponse,
    successCode: 'MODIFIED',
    rateLimit: perMinute(10),
    handler: ({ body }) => identity.resetPassword(body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/logout',
    auth: 'user',
    tags,
    summary: 'Revoke the current token',
    response: ZOkResponse,
    handler: ({ request }) => identity.logout(caller(request)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/user/getUserInfo',
    auth: 'user',
    tags,
    summary: 'The signed-in user (SPEC §3)',
    response: ZUserInfo,
    handler: ({ request }) => identity.toUserInfo(caller(request).user, request.book),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/user/repassword',
    auth: 'user',
    tags,
    summary: 'Change password; every other session is signed out',
    body: ZRepasswordRequest,
    response: ZOkResponse,
    successCode: 'MODIFIED',
    rateLimit: perMinute(10),
    handler: ({ body, request }) => identity.changePassword(caller(request), body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/user/totp/setup',
    auth: 'user',
    tags,
    summary: 'Start two-factor set-up: a new secret and its otpauth URI (not active until enabled)',
    response: ZTotpSetupResponse,
    handler: ({ request }) => identity.setUpTotp(caller(request)),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/user/totp/enable',
    auth: 'user',
    tags,
    summary: 'Turn two-factor on with a code from the authenticator',
    body: ZTotpCodeRequest,
    response: ZOkResponse,
    successCode: 'MODIFIED',
    rateLimit: perMinute(10),
    handler: ({ body, request }) => identity.enableTotp(caller(request), body.code),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/user/totp/disable',
    auth: 'user',
    tags,
    summary: 'Turn two-factor off with a current code',
    body: ZTotpCodeRequest,
    response: ZOkResponse,
    successCode: 'MODIFIED',
    rateLimit: perMinute(10),
    handler: ({ body, request }) => identity.disableTotp(caller(request), body.code),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/customer/heartbeat',
    auth: 'user',
    tags,
    summary: 'Presence: the client is open (every 30 s while visible)',
    body: ZHeartbeatRequest,
    response: ZOkResponse,
    handler: ({ body, request }) => identity.heartbeat(caller(request), body.host),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/customer/offline',
    auth: 'user',
    tags,
    summary: 'Presence: the client closed or was hidden',
    response: ZOkResponse,
    handler: ({ request }) => identity.offline(caller(request)),
  });
}
