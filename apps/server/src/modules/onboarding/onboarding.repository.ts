import type { AppropriatenessAnswers, AppropriatenessOutcome, OnboardingChoice } from '@openbourse/contracts';
import type { OnboardingDb } from './onboarding.tables.js';

/** The only SQL of the onboarding module's tables. */

export async function findChoice(db: OnboardingDb, userId: string): Promise<OnboardingChoice | null> {
  const row = await db
    .selectFrom('onboarding_choices')
    .select('choice')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.choice ?? null;
}

export async function saveChoice(db: OnboardingDb, userId: string, choice: OnboardingChoice, at: Date): Promise<void> {
  await db
    .insertInto('onboarding_choices')
    .values({ user_id: userId, choice, chosen_at: at })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ choice, chosen_at: at }))
    .execute();
}

export type AppropriatenessRow = {
  answers: AppropriatenessAnswers;
  outcome: AppropriatenessOutcome;
  acknowledged_at: Date | null;
  answered_at: Date;
};

/** The user's standing (newest) answers, if any. */
export async function findLatestAppropriateness(
  db: OnboardingDb,
  userId: string,
): Promise<AppropriatenessRow | undefined> {
  return db
    .selectFrom('onboarding_appropriateness')
    .select(['answers', 'outcome', 'acknowledged_at', 'answered_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function hasAppropriateness(db: OnboardingDb, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('onboarding_appropriateness')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAppropriateness(db: OnboardingDb, userId: string, row: AppropriatenessRow): Promise<void> {
  await db
    .insertInto('onboarding_appropriateness')
    .values({
      user_id: userId,
      // node-postgres sends an object parameter as its JSON text.
      answers: row.answers,
      outcome: row.outcome,
      acknowledged_at: row.acknowledged_at,
      answered_at: row.answered_at,
    })
    .execute();
}
