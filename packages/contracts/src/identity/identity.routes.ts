import { declareRoute } from '../http/route-declaration.js';
import { ZAreaCodesResponse } from './area-codes.js';
import { ZGoogleConfigResponse, ZGoogleLoginRequest } from './google.contracts.js';
import {
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
  ZTotpDisableRequest,
  ZTotpSetupResponse,
  ZUserInfo,
} from './identity.contracts.js';
import { identityEndpoints } from './identity.endpoints.js';
import {
  ZRecoveryCodesRequest,
  ZRecoveryCodesResponse,
  ZRecoveryCodesStatus,
  ZSecuritySessions,
  ZSessionRevokeRequest,
  ZSignInHistoryPage,
  ZSignInHistoryQuery,
} from './security.contracts.js';
import {
  WALLET_NONCES_PER_ADDRESS_PER_MINUTE,
  ZWalletLoginRequest,
  ZWalletNonceRequest,
  ZWalletNonceResponse,
} from './wallet.contracts.js';

/** The identity routes as the server declares them: each endpoint with its schemas, for validation and OpenAPI. */
export const identityRoutes = {
  checkUserNameOrPhone: declareRoute(identityEndpoints.checkUserNameOrPhone, {
    summary: 'Whether a user name (or e-mail) or phone is registered; reveals existence by design, so rate limited',
    tags: ['identity'],
    query: ZCheckUserNameOrPhoneQuery,
    response: ZCheckUserNameOrPhoneResponse,
    rateLimit: { max: 30, timeWindow: '1 minute' },
  }),
  captchaConfig: declareRoute(identityEndpoints.captchaConfig, {
    summary: 'Whether a proof-of-work captcha is required, with a fresh challenge when it is',
    tags: ['identity'],
    response: ZCaptchaConfigResponse,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  areaCodes: declareRoute(identityEndpoints.areaCodes, {
    summary: 'The 55 phone area codes offered in forms, each with an ISO region',
    tags: ['identity'],
    response: ZAreaCodesResponse,
  }),
  authSettings: declareRoute(identityEndpoints.authSettings, {
    summary: 'Sign-in settings the web needs: access guard, wallet-only mode, demo, Google, captcha',
    tags: ['identity'],
    response: ZAuthSettingsResponse,
  }),
  sendCode: declareRoute(identityEndpoints.sendCode, {
    summary: 'E-mail a 6-digit code (registration or password reset); valid 10 minutes, once a minute per address',
    tags: ['identity'],
    body: ZSendCodeRequest,
    response: ZSendCodeResponse,
    fieldErrors: { 'body.email': 'EMAIL_WRONG' },
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  register: declareRoute(identityEndpoints.register, {
    summary: 'Create an account with an e-mail code; answers like login',
    tags: ['identity'],
    body: ZRegisterRequest,
    response: ZLoginResult,
    fieldErrors: { 'body.userName': 'USER_NAME_INPUT_ERROR', 'body.email': 'EMAIL_WRONG' },
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  login: declareRoute(identityEndpoints.login, {
    summary:
      'Sign in with user name or e-mail and password (and TOTP when enabled, each code accepted once, or a recovery code instead: 10195 when wrong or used); 5 failures lock for 15 minutes',
    tags: ['identity'],
    body: ZLoginRequest,
    response: ZLoginResult,
    fieldErrors: { 'body.userName': 'ENTER_USER_NAME_OR_EMAIL' },
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  secondFactor: declareRoute(identityEndpoints.secondFactor, {
    summary:
      'Completes a Google or wallet sign-in of an account with two-factor authentication on: the challenge that sign-in answered with 10116 (data: { challenge, expiresAt }, 5 minutes) and the authenticator code, or one of the recovery codes (10195 when wrong or used); wrong codes count towards the 15-minute lock',
    tags: ['identity'],
    body: ZSecondFactorRequest,
    response: ZLoginResult,
    fieldErrors: { 'body.challenge': 'NONCE_INVALID', 'body.totp': 'TOTP_INVALID' },
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  resetPassword: declareRoute(identityEndpoints.resetPassword, {
    summary: 'Set a new password with an e-mail code; signs out every session',
    tags: ['identity'],
    body: ZResetPasswordRequest,
    response: ZOkResponse,
    successCode: 'MODIFIED',
    fieldErrors: { 'body.email': 'EMAIL_WRONG' },
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  logout: declareRoute(identityEndpoints.logout, {
    summary: 'Revoke the current token',
    tags: ['identity'],
    owner: 'caller',
    response: ZOkResponse,
  }),
  getUserInfo: declareRoute(identityEndpoints.getUserInfo, {
    summary: 'The signed-in user (SPEC §3)',
    tags: ['identity'],
    owner: 'caller',
    response: ZUserInfo,
  }),
  repassword: declareRoute(identityEndpoints.repassword, {
    summary: 'Change password; every other session is signed out',
    tags: ['identity'],
    owner: 'caller',
    body: ZRepasswordRequest,
    response: ZOkResponse,
    successCode: 'MODIFIED',
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  totpSetup: declareRoute(identityEndpoints.totpSetup, {
    summary: 'Start two-factor set-up: a new secret and its otpauth URI (not active until enabled)',
    tags: ['identity'],
    owner: 'caller',
    response: ZTotpSetupResponse,
  }),
  totpEnable: declareRoute(identityEndpoints.totpEnable, {
    summary: 'Turn two-factor on with a code from the authenticator; each code is accepted once (10117 when reused)',
    tags: ['identity'],
    owner: 'caller',
    body: ZTotpCodeRequest,
    response: ZOkResponse,
    successCode: 'MODIFIED',
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  totpDisable: declareRoute(identityEndpoints.totpDisable, {
    summary:
      'Turn two-factor off with a current code and the password (10004 when the password is missing or wrong, and nothing changes); ' +
      'an account without a password (wallet or Google only) sends the code alone (10127 if it sends a password). ' +
      'Each code is accepted once: a code already used answers 10117, as a wrong one does',
    tags: ['identity'],
    owner: 'caller',
    body: ZTotpDisableRequest,
    response: ZOkResponse,
    successCode: 'MODIFIED',
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  heartbeat: declareRoute(identityEndpoints.heartbeat, {
    summary: 'Presence: the client is open (every 30 s while visible)',
    tags: ['identity'],
    owner: 'caller',
    body: ZHeartbeatRequest,
    response: ZOkResponse,
  }),
  offline: declareRoute(identityEndpoints.offline, {
    summary: 'Presence: the client closed or was hidden',
    tags: ['identity'],
    owner: 'caller',
    response: ZOkResponse,
  }),
  googleConfig: declareRoute(identityEndpoints.googleConfig, {
    summary: 'Whether Google sign-in is available, with the client id, authorization endpoint and scope the web needs',
    tags: ['identity'],
    response: ZGoogleConfigResponse,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  loginByGoogle: declareRoute(identityEndpoints.loginByGoogle, {
    summary:
      'Sign in with a Google authorization code and its PKCE verifier; links a verified e-mail to its account or creates one; answers like login',
    tags: ['identity'],
    body: ZGoogleLoginRequest,
    response: ZLoginResult,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  walletNonce: declareRoute(identityEndpoints.walletNonce, {
    summary:
      `Issue a one-time nonce (valid 5 minutes) and the exact message for a wallet to sign: EIP-4361 for Ethereum, ` +
      `plain text for TronLink's signMessageV2; at most ${WALLET_NONCES_PER_ADDRESS_PER_MINUTE} per address a minute`,
    tags: ['identity'],
    body: ZWalletNonceRequest,
    response: ZWalletNonceResponse,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  walletLogin: declareRoute(identityEndpoints.walletLogin, {
    summary:
      'Sign in with a signed wallet message, creating the account (named by the address) on first use; ' +
      'each nonce allows one attempt; answers like login',
    tags: ['identity'],
    body: ZWalletLoginRequest,
    response: ZLoginResult,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  securitySessions: declareRoute(identityEndpoints.securitySessions, {
    summary:
      "The caller's sessions in use, newest first: browser and system read from the user agent, the address masked, the current one marked",
    tags: ['identity'],
    owner: 'caller',
    response: ZSecuritySessions,
  }),
  securitySessionRevoke: declareRoute(identityEndpoints.securitySessionRevoke, {
    summary:
      "End one of the caller's sessions at once, on every instance and its sockets (the current one too: that signs out); 10196 for a session not the caller's or no longer in use",
    tags: ['identity'],
    owner: 'caller',
    body: ZSessionRevokeRequest,
    response: ZOkResponse,
    fieldErrors: { 'body.sessionId': 'OWN_SESSION_NOT_FOUND' },
    rateLimit: { max: 30, timeWindow: '1 minute' },
  }),
  securitySessionsRevokeOthers: declareRoute(identityEndpoints.securitySessionsRevokeOthers, {
    summary: "Sign out everywhere else: end every session of the caller's but this one, at once",
    tags: ['identity'],
    owner: 'caller',
    response: ZOkResponse,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  securitySignIns: declareRoute(identityEndpoints.securitySignIns, {
    summary:
      "The caller's sign-ins, admitted and refused, newest first, 20 a page: method, second factor, device, masked address",
    tags: ['identity'],
    owner: 'caller',
    query: ZSignInHistoryQuery,
    response: ZSignInHistoryPage,
  }),
  recoveryCodesStatus: declareRoute(identityEndpoints.recoveryCodesStatus, {
    summary: 'How many two-factor recovery codes the caller has left, and when the set was made',
    tags: ['identity'],
    owner: 'caller',
    response: ZRecoveryCodesStatus,
  }),
  recoveryCodesGenerate: declareRoute(identityEndpoints.recoveryCodesGenerate, {
    summary:
      'Ten new one-time recovery codes, shown once, replacing any earlier set. Two-factor must be on (10126); ' +
      'confirm with the password (10004 when wrong) or a fresh authenticator code (10117 when wrong or used); 10197 with neither',
    tags: ['identity'],
    owner: 'caller',
    body: ZRecoveryCodesRequest,
    response: ZRecoveryCodesResponse,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
};
