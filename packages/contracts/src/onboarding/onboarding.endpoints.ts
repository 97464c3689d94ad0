import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZAppropriatenessRequest,
  ZAppropriatenessState,
  ZOnboardingChoiceRequest,
  ZOnboardingState,
} from './onboarding.contracts.js';

/**
 * Onboarding (issue 16): the first choice (demo or live) and the appropriateness questions asked
 * before the first live trade. Per user, not per book (types only: this file loads no schema).
 */
export const onboardingEndpoints = {
  onboarding: endpoint<NoInput, OutputOf<typeof ZOnboardingState>, 'user'>(
    'GET',
    '/swx/customer/user/onboarding',
    'user',
  ),
  chooseOnboarding: endpoint<
    { body: InputOf<typeof ZOnboardingChoiceRequest> },
    OutputOf<typeof ZOnboardingState>,
    'user'
  >('POST', '/swx/customer/user/onboarding', 'user'),
  appropriateness: endpoint<NoInput, OutputOf<typeof ZAppropriatenessState>, 'user'>(
    'GET',
    '/swx/customer/user/appropriateness',
    'user',
  ),
  answerAppropriateness: endpoint<
    { body: InputOf<typeof ZAppropriatenessRequest> },
    OutputOf<typeof ZAppropriatenessState>,
    'user'
  >('POST', '/swx/customer/user/appropriateness', 'user'),
};
