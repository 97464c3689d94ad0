import type { AppropriatenessAnswers, AppropriatenessOutcome, OnboardingChoice } from '@openbourse/contracts';
import type { Generated } from 'kysely';
import type { DbView } from '../../platform/db/database.js';

export type OnboardingTables = {
  onboarding_choices: {
    user_id: string;
    choice: OnboardingChoice;
    chosen_at: Date;
  };
  onboarding_appropriateness: {
    id: Generated<string>;
    user_id: string;
    answers: AppropriatenessAnswers;
    outcome: AppropriatenessOutcome;
    acknowledged_at: Date | null;
    answered_at: Date;
  };
};

/** The onboarding module's view of the database: its own tables only. */
export type OnboardingDb = DbView<OnboardingTables>;
