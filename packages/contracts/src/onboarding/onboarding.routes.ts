import { declareRoute } from '../http/route-declaration.js';
import {
  ZAppropriatenessRequest,
  ZAppropriatenessState,
  ZOnboardingChoiceRequest,
  ZOnboardingState,
} from './onboarding.contracts.js';
import { onboardingEndpoints } from './onboarding.endpoints.js';

/** The onboarding routes as the server declares them (issue 16, fix 7). */
export const onboardingRoutes = {
  onboarding: declareRoute(onboardingEndpoints.onboarding, {
    summary: "The caller's first choice (demo or live account), or null when not made yet",
    tags: ['onboarding'],
    owner: 'caller',
    response: ZOnboardingState,
  }),
  chooseOnboarding: declareRoute(onboardingEndpoints.chooseOnboarding, {
    summary: 'Remember the first choice: start with the demo, fund the live account, or dismiss the offer',
    tags: ['onboarding'],
    owner: 'caller',
    body: ZOnboardingChoiceRequest,
    response: ZOnboardingState,
  }),
  appropriateness: declareRoute(onboardingEndpoints.appropriateness, {
    summary: "The caller's appropriateness answers (ESMA, retail CFDs): needed before the first live trade",
    tags: ['onboarding'],
    owner: 'caller',
    response: ZAppropriatenessState,
  }),
  answerAppropriateness: declareRoute(onboardingEndpoints.answerAppropriateness, {
    summary:
      'Answer the appropriateness questions; answers showing little experience need `acknowledged: true` (10194). Every answer is kept',
    tags: ['onboarding'],
    owner: 'caller',
    body: ZAppropriatenessRequest,
    response: ZAppropriatenessState,
  }),
};
