import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type { ZAreaCodesResponse } from './area-codes.js';
import type { ZGoogleConfigResponse, ZGoogleLoginRequest } from './google.contracts.js';
import type {
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
import type {
  ZRecoveryCodesRequest,
  ZRecoveryCodesResponse,
  ZRecoveryCodesStatus,
  ZSecuritySessions,
  ZSessionRevokeRequest,
  ZSignInHistoryPage,
  ZSignInHistoryQuery,
} from './security.contracts.js';
import type { ZWalletLoginRequest, ZWalletNonceRequest, ZWalletNonceResponse } from './wallet.contracts.js';

/**
 * The identity endpoints as clients see them: method, full path and auth level, with their
 * payload types (types only: this file loads no schema, so the web's first page can use it).
 * The server's declarations add the schemas (`identity.routes.ts`).
 */
export const identityEndpoints = {
  checkUserNameOrPhone: endpoint<
    { query: InputOf<typeof ZCheckUserNameOrPhoneQuery> },
    OutputOf<typeof ZCheckUserNameOrPhoneResponse>,
    'public'
  >('GET', '/swx/customer/login/checkUserNameOrPhone', 'public'),
  captchaConfig: endpoint<NoInput, OutputOf<typeof ZCaptchaConfigResponse>, 'public'>(
    'GET',
    '/swx/customer/login/captchaConfig',
    'public',
  ),
  areaCodes: endpoint<NoInput, OutputOf<typeof ZAreaCodesResponse>, 'public'>(
    'GET',
    '/swx/customer/login/areaCodes',
    'public',
  ),
  authSettings: endpoint<NoInput, OutputOf<typeof ZAuthSettingsResponse>, 'public'>(
    'GET',
    '/swx/customer/login/authSettings',
    'public',
  ),
  sendCode: endpoint<{ body: InputOf<typeof ZSendCodeRequest> }, OutputOf<typeof ZSendCodeResponse>, 'public'>(
    'POST',
    '/swx/customer/login/sendCode',
    'public',
  ),
  register: endpoint<{ body: InputOf<typeof ZRegisterRequest> }, OutputOf<typeof ZLoginResult>, 'public'>(
    'POST',
    '/swx/customer/login/register',
    'public',
  ),
  login: endpoint<{ body: InputOf<typeof ZLoginRequest> }, OutputOf<typeof ZLoginResult>, 'public'>(
    'POST',
    '/swx/customer/login/login',
    'public',
  ),
  secondFactor: endpoint<{ body: InputOf<typeof ZSecondFactorRequest> }, OutputOf<typeof ZLoginResult>, 'public'>(
    'POST',
    '/swx/customer/login/secondFactor',
    'public',
  ),
  resetPassword: endpoint<{ body: InputOf<typeof ZResetPasswordRequest> }, OutputOf<typeof ZOkResponse>, 'public'>(
    'POST',
    '/swx/customer/login/resetPassword',
    'public',
  ),
  logout: endpoint<NoInput, OutputOf<typeof ZOkResponse>, 'user'>('POST', '/swx/customer/login/logout', 'user'),
  getUserInfo: endpoint<NoInput, OutputOf<typeof ZUserInfo>, 'user'>('POST', '/swx/customer/user/getUserInfo', 'user'),
  repassword: endpoint<{ body: InputOf<typeof ZRepasswordRequest> }, OutputOf<typeof ZOkResponse>, 'user'>(
    'POST',
    '/swx/customer/user/repassword',
    'user',
  ),
  totpSetup: endpoint<NoInput, OutputOf<typeof ZTotpSetupResponse>, 'user'>(
    'POST',
    '/swx/customer/user/totp/setup',
    'user',
  ),
  totpEnable: endpoint<{ body: InputOf<typeof ZTotpCodeRequest> }, OutputOf<typeof ZOkResponse>, 'user'>(
    'POST',
    '/swx/customer/user/totp/enable',
    'user',
  ),
  totpDisable: endpoint<{ body: InputOf<typeof ZTotpDisableRequest> }, OutputOf<typeof ZOkResponse>, 'user'>(
    'POST',
    '/swx/customer/user/totp/disable',
    'user',
  ),
  heartbeat: endpoint<{ body: InputOf<typeof ZHeartbeatRequest> }, OutputOf<typeof ZOkResponse>, 'user'>(
    'POST',
    '/swx/customer/customer/heartbeat',
    'user',
  ),
  offline: endpoint<NoInput, OutputOf<typeof ZOkResponse>, 'user'>('POST', '/swx/customer/customer/offline', 'user'),
  googleConfig: endpoint<NoInput, OutputOf<typeof ZGoogleConfigResponse>, 'public'>(
    'GET',
    '/swx/customer/login/googleConfig',
    'public',
  ),
  loginByGoogle: endpoint<{ body: InputOf<typeof ZGoogleLoginRequest> }, OutputOf<typeof ZLoginResult>, 'public'>(
    'POST',
    '/swx/customer/login/loginByGoogle',
    'public',
  ),
  walletNonce: endpoint<{ body: InputOf<typeof ZWalletNonceRequest> }, OutputOf<typeof ZWalletNonceResponse>, 'public'>(
    'POST',
    '/swx/customer/login/walletNonce',
    'public',
  ),
  walletLogin: endpoint<{ body: InputOf<typeof ZWalletLoginRequest> }, OutputOf<typeof ZLoginResult>, 'public'>(
    'POST',
    '/swx/customer/login/walletLogin',
    'public',
  ),
  // The security centre (#16)
  securitySessions: endpoint<NoInput, OutputOf<typeof ZSecuritySessions>, 'user'>(
    'GET',
    '/swx/customer/user/security/sessions',
    'user',
  ),
  securitySessionRevoke: endpoint<
    { body: InputOf<typeof ZSessionRevokeRequest> },
    OutputOf<typeof ZOkResponse>,
    'user'
  >('POST', '/swx/customer/user/security/sessions/revoke', 'user'),
  securitySessionsRevokeOthers: endpoint<NoInput, OutputOf<typeof ZOkResponse>, 'user'>(
    'POST',
    '/swx/customer/user/security/sessions/revokeOthers',
    'user',
  ),
  securitySignIns: endpoint<
    { query: InputOf<typeof ZSignInHistoryQuery> },
    OutputOf<typeof ZSignInHistoryPage>,
    'user'
  >('GET', '/swx/customer/user/security/signIns', 'user'),
  recoveryCodesStatus: endpoint<NoInput, OutputOf<typeof ZRecoveryCodesStatus>, 'user'>(
    'GET',
    '/swx/customer/user/security/recoveryCodes',
    'user',
  ),
  recoveryCodesGenerate: endpoint<
    { body: InputOf<typeof ZRecoveryCodesRequest> },
    OutputOf<typeof ZRecoveryCodesResponse>,
    'user'
  >('POST', '/swx/customer/user/security/recoveryCodes', 'user'),
};
