import { AREA_CODES, identityRoutes } from '@openbourse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { IdentityService } from './identity.service.js';

function meta(request: FastifyRequest) {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : null, ip: request.ip };
}

export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityService): void {
  defineRoute(app, identityRoutes.checkUserNameOrPhone, ({ query }) => identity.exists(query));

  defineRoute(app, identityRoutes.captchaConfig, () => identity.captchaConfig());

  defineRoute(app, identityRoutes.areaCodes, async () => [...AREA_CODES]);

  defineRoute(app, identityRoutes.authSettings, async () => identity.settings());

  defineRoute(app, identityRoutes.sendCode, ({ body, request }) => identity.sendCode(body, request.language));

  defineRoute(app, identityRoutes.register, ({ body, request }) =>
    identity.register(body, request.book, meta(request)),
  );

  defineRoute(app, identityRoutes.login, ({ body, request }) => identity.login(body, request.book, meta(request)));

  defineRoute(app, identityRoutes.secondFactor, ({ body, request }) =>
    identity.completeSecondFactor(body, request.book, meta(request)),
  );

  defineRoute(app, identityRoutes.resetPassword, ({ body }) => identity.resetPassword(body));

  defineRoute(app, identityRoutes.logout, ({ caller }) => identity.logout(caller));

  defineRoute(app, identityRoutes.getUserInfo, ({ request, caller }) => identity.toUserInfo(caller.user, request.book));

  defineRoute(app, identityRoutes.repassword, ({ body, caller }) => identity.changePassword(caller, body));

  defineRoute(app, identityRoutes.totpSetup, ({ caller }) => identity.setUpTotp(caller));

  defineRoute(app, identityRoutes.totpEnable, ({ body, caller }) => identity.enableTotp(caller, body.code));

  defineRoute(app, identityRoutes.totpDisable, ({ body, caller }) => identity.disableTotp(caller, body));

  defineRoute(app, identityRoutes.heartbeat, ({ body, caller }) => identity.heartbeat(caller, body.host));

  defineRoute(app, identityRoutes.offline, ({ caller }) => identity.offline(caller));

  // The security centre (#16)
  defineRoute(app, identityRoutes.securitySessions, ({ caller }) => identity.listOwnSessions(caller));

  defineRoute(app, identityRoutes.securitySessionRevoke, ({ body, caller }) =>
    identity.revokeOwnSession(caller, body.sessionId),
  );

  defineRoute(app, identityRoutes.securitySessionsRevokeOthers, ({ caller }) => identity.revokeOtherSessions(caller));

  defineRoute(app, identityRoutes.securitySignIns, ({ query, caller }) => identity.signInHistory(caller, query.page));

  defineRoute(app, identityRoutes.recoveryCodesStatus, ({ caller }) => identity.recoveryCodesStatus(caller));

  defineRoute(app, identityRoutes.recoveryCodesGenerate, ({ body, caller }) =>
    identity.generateRecoveryCodes(caller, body),
  );
}
