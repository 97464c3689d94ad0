import { onboardingRoutes } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { defineRoute } from '../../platform/http/route.js';
import { answerAppropriateness, appropriatenessState } from './appropriateness.js';
import type { OnboardingDb } from './onboarding.tables.js';
import { chooseOnboarding, onboardingState } from './onboarding-choice.js';

/** The onboarding routes (issue 16), under the API prefix; per user, whatever the book. */
export async function onboardingPlugin(
  app: FastifyInstance,
  options: { db: OnboardingDb; clock: Clock },
): Promise<void> {
  const { db, clock } = options;
  defineRoute(app, onboardingRoutes.onboarding, ({ caller }) => onboardingState(db, caller.id));
  defineRoute(app, onboardingRoutes.chooseOnboarding, ({ body, caller }) =>
    chooseOnboarding(db, clock, caller.id, body),
  );
  defineRoute(app, onboardingRoutes.appropriateness, ({ caller }) => appropriatenessState(db, caller.id));
  defineRoute(app, onboardingRoutes.answerAppropriateness, ({ body, caller }) =>
    answerAppropriateness(db, clock, caller.id, body),
  );
}
