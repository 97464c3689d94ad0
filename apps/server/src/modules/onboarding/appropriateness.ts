import {
  appropriatenessOutcome,
  type TAppropriatenessRequest,
  type TAppropriatenessState,
} from '@openbourse/contracts';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  type AppropriatenessRow,
  findLatestAppropriateness,
  hasAppropriateness,
  insertAppropriateness,
} from './onboarding.repository.js';
import type { OnboardingDb } from './onboarding.tables.js';

/**
 * The appropriateness check (ESMA, retail CFDs; issue 16, fix 7). Every live CFD open is trading
 * a leveraged product (even at leverage 1 a CFD is a margined derivative, and the cap is above 1
 * for every class), so the first live open of any kind waits for the answers; demo never does.
 * Answers that show little experience are a warning, not a ban: the user acknowledges the warning
 * and trades.
 */

function toState(row: AppropriatenessRow | undefined): TAppropriatenessState {
  if (!row) return { answered: false, outcome: null, acknowledged: false, answers: null, answeredAt: null };
  return {
    answered: true,
    outcome: row.outcome,
    acknowledged: row.outcome === 'appropriate' || row.acknowledged_at !== null,
    answers: row.answers,
    answeredAt: row.answered_at.toISOString(),
  };
}

export async function appropriatenessState(db: OnboardingDb, userId: string): Promise<TAppropriatenessState> {
  return toState(await findLatestAppropriateness(db, userId));
}

/**
 * Stores the answers (every answer is kept; the newest stands). Answers that warn without
 * `acknowledged: true` answer 10194 and store nothing.
 */
export async function answerAppropriateness(
  db: OnboardingDb,
  clock: Clock,
  userId: string,
  request: TAppropriatenessRequest,
): Promise<TAppropriatenessState> {
  const outcome = appropriatenessOutcome(request.answers);
  if (outcome === 'warning' && request.acknowledged !== true) {
    throw new AppError('APPROPRIATENESS_ACKNOWLEDGEMENT_REQUIRED', { data: { outcome } });
  }
  const now = clock.now();
  const row: AppropriatenessRow = {
    answers: request.answers,
    outcome,
    acknowledged_at: request.acknowledged === true ? now : null,
    answered_at: now,
  };
  await insertAppropriateness(db, userId, row);
  return toState(row);
}

/** Whether the user may open live positions as far as appropriateness goes (the trading port). */
export function hasAnsweredAppropriateness(db: OnboardingDb, userId: string): Promise<boolean> {
  return hasAppropriateness(db, userId);
}
