import type { TOnboardingChoiceRequest, TOnboardingState } from '@openbourse/contracts';
import type { Clock } from '../../platform/clock.js';
import { findChoice, saveChoice } from './onboarding.repository.js';
import type { OnboardingDb } from './onboarding.tables.js';

/** The user's first choice (demo, live, dismissed), or null until made. */
export async function onboardingState(db: OnboardingDb, userId: string): Promise<TOnboardingState> {
  return { choice: await findChoice(db, userId) };
}

/** Remembers the choice; choosing again replaces it. */
export async function chooseOnboarding(
  db: OnboardingDb,
  clock: Clock,
  userId: string,
  request: TOnboardingChoiceRequest,
): Promise<TOnboardingState> {
  await saveChoice(db, userId, request.choice, clock.now());
  return { choice: request.choice };
}
