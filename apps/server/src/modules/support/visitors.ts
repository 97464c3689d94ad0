import { randomBytes } from 'node:crypto';
import type { Language, TSupportConversation } from '@openbourse/contracts';
import { AppError } from '../../platform/errors/app-error.js';
import { openConversation } from './party-conversations.js';
import type { SupportContext, SupportParty } from './support.context.js';
import { findVisitorByTokenHash, insertVisitor } from './support.repository.js';
import { hashVisitorToken } from './support-realtime.js';
import { conversationToWire } from './support-wire.js';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/** The visitor a token (the X-Support-Visitor header) names, or null. */
export async function visitorOfToken(ctx: SupportContext, token: string | undefined): Promise<string | null> {
  if (token === undefined || !TOKEN_SHAPE.test(token)) return null;
  const visitor = await findVisitorByTokenHash(ctx.db, hashVisitorToken(token));
  return visitor ? String(visitor.id) : null;
}

/** The visitor's party, or 10231 without a valid token. */
export async function visitorParty(ctx: SupportContext, token: string | undefined): Promise<SupportParty> {
  const visitorId = await visitorOfToken(ctx, token);
  if (visitorId === null) throw new AppError('SUPPORT_VISITOR_UNKNOWN');
  return { kind: 'visitor', visitorId };
}

/**
 * POST …/support/visitor/conversations — a known visitor (a valid token) gets their conversation
 * not closed, or a new one; anyone else solves the deployment's captcha first (when it is on) and
 * becomes a new visitor with a random token, of which only the hash is kept.
 */
export async function openVisitorConversation(
  ctx: SupportContext,
  token: string | undefined,
  input: {
    email: string;
    language?: Language | undefined;
    captcha?: { challengeId: string; solution: string } | undefined;
  },
  requestLanguage: Language,
): Promise<{ conversation: TSupportConversation; visitorToken: string }> {
  const language = input.language ?? requestLanguage;
  let visitorId = await visitorOfToken(ctx, token);
  let visitorToken = token ?? '';
  if (visitorId === null) {
    await ctx.identity.verifyCaptcha(input.captcha);
    visitorToken = randomBytes(32).toString('base64url');
    visitorId = await insertVisitor(ctx.db, {
      tokenHash: hashVisitorToken(visitorToken),
      email: input.email.trim(),
      language,
    });
  }
  const { row } = await openConversation(ctx, { kind: 'visitor', visitorId }, language);
  return { conversation: await conversationToWire(ctx, row), visitorToken };
}
