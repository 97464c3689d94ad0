import { identityRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { GoogleSignIn } from './google-sign-in.js';

export function registerGoogleRoutes(app: FastifyInstance, google: GoogleSignIn): void {
  defineRoute(app, identityRoutes.googleConfig, ({ request }) => google.publicConfig(request.log));

  defineRoute(app, identityRoutes.loginByGoogle, ({ body, request }) => {
    const userAgent = request.headers['user-agent'];
    const meta = { userAgent: typeof userAgent === 'string' ? userAgent : null, ip: request.ip };
    return google.signIn(body, request.book, meta, request.log);
  });
}
