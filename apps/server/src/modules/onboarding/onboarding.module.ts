import type { Clock } from '../../platform/clock.js';
import type { AppModule } from '../../platform/module.js';
import { hasAnsweredAppropriateness } from './appropriateness.js';
import { onboardingPlugin } from './onboarding.routes.js';
import type { OnboardingDb } from './onboarding.tables.js';

export type OnboardingModuleDeps = { db: OnboardingDb; clock: Clock; apiPrefix: string };

/** What other modules may ask: trading asks it before a live open (its `AppropriatenessGate` port). */
export type OnboardingService = {
  hasAnsweredAppropriateness(userId: string): Promise<boolean>;
};

/** A new user's first choice (demo or live) and the appropriateness check before the first live trade. */
export function createOnboardingModule(deps: OnboardingModuleDeps): AppModule<OnboardingService> {
  return {
    name: 'onboarding',
    service: { hasAnsweredAppropriateness: (userId) => hasAnsweredAppropriateness(deps.db, userId) },
    register: async (app) => {
      await app.register(onboardingPlugin, { prefix: deps.apiPrefix, db: deps.db, clock: deps.clock });
    },
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
