import type { AppropriatenessAnswers } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';

/** Answers that show experience and understanding: no warning to acknowledge. */
export const EXPERIENCED_ANSWERS: AppropriatenessAnswers = {
  leveragedExperience: '1_to_3_years',
  tradingFrequency: 'monthly',
  leverageLoss: 'loses_all',
  stopOut: 'positions_closed',
  fundsSource: 'savings',
};

/**
 * Answers the appropriateness questions for a user through the route itself, as the web does: a
 * live open needs them (issue 16, 10193). For tests whose subject is trading, not onboarding.
 */
export async function answerAppropriateness(app: FastifyInstance, token: string): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/swx/customer/user/appropriateness',
    headers: { authorization: token, virtually: 'NO' },
    payload: { answers: EXPERIENCED_ANSWERS },
  });
  if (response.statusCode !== 200) throw new Error(`appropriateness answer refused: ${response.body}`);
}
