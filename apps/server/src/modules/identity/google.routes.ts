import { ZGoogleConfigResponse, ZGoogleLoginRequest, ZLoginResult } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { GoogleSignIn } from './google-sign-in.js';

const tags = ['identity'];
const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });

export function registerGoogleRoutes(app: FastifyInstance, google: GoogleSignIn): void {
  defineRoute(app, {
    method: 'GET',
    url: '/login/googleConfig',
    auth: 'public',
    tags,
    summary: 'Whether Google sign-in is available, with the client id, authorization endpoint and scope the web needs',
    response: ZGoogleConfigResponse,
    rateLimit: perMinute(60),
    handler: ({ request }) => google.publicConfig(request.log),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/login/loginByGoogle',
    auth: 'public',
    tags,
    summary:
      'Sign in with a Google authorization code and its PKCE verifier; links a verified e-mail to its account or creates one; answers like login',
    body: ZGoogleLoginRequest,
    response: ZLoginResult,
    rateLimit: perMinute(20),
    handler: ({ body, request }) => {
      const userAgent = request.headers['user-agent'];
      const meta = { userAgent: typeof userAgent === 'string' ? userAgent : null };
      return google.signIn(body, request.book, meta, request.log);
    },
  });
}
