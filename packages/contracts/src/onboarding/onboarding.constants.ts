/**
 * Onboarding (issue 16, fix 7): the first choice a new user makes, and the appropriateness
 * questions (ESMA: a retail client is asked about knowledge and experience before trading CFDs, a
 * leveraged product). No zod here: the web's shell reads it; the schemas are in
 * onboarding.contracts.ts.
 */

/** What a new user chose when first offered: start with the demo, fund the live account, or neither. */
export const ONBOARDING_CHOICES = ['demo', 'live', 'dismissed'] as const;
export type OnboardingChoice = (typeof ONBOARDING_CHOICES)[number];

/**
 * The questions and their fixed answers, in the order asked. The texts are the web's
 * (`appropriateness.<question>.<answer>` in every language); these ids are what is stored.
 */
export const APPROPRIATENESS_QUESTIONS = {
  /** Trading leveraged products (CFDs, futures, margin FX, options) in the last three years. */
  leveragedExperience: ['none', 'under_1_year', '1_to_3_years', 'over_3_years'],
  /** How often the user traded them. */
  tradingFrequency: ['never', 'few_a_year', 'monthly', 'weekly'],
  /** With leverage 10, the price moves 10 % against a position: what happens to its margin? */
  leverageLoss: ['loses_10_percent', 'loses_all', 'nothing_until_closed', 'not_sure'],
  /** What happens when the margin level falls to the stop-out level? */
  stopOut: ['positions_closed', 'nothing', 'platform_covers', 'not_sure'],
  /** Where the money the user trades comes from. */
  fundsSource: ['savings', 'income', 'investments', 'borrowed'],
} as const;

export type AppropriatenessQuestion = keyof typeof APPROPRIATENESS_QUESTIONS;
export type AppropriatenessAnswers = {
  [Q in AppropriatenessQuestion]: (typeof APPROPRIATENESS_QUESTIONS)[Q][number];
};
export const APPROPRIATENESS_QUESTION_IDS = Object.keys(APPROPRIATENESS_QUESTIONS) as AppropriatenessQuestion[];

/**
 * `appropriate`, or `warning`: the answers show little experience or knowledge (no leveraged
 * trading, never trading, a wrong answer on leverage or stop-out) or money borrowed to trade. A
 * warning is not a refusal (ESMA's appropriateness test warns, it does not ban): the user must
 * acknowledge it, and may then trade.
 */
export type AppropriatenessOutcome = 'appropriate' | 'warning';

export function appropriatenessOutcome(answers: AppropriatenessAnswers): AppropriatenessOutcome {
  const littleExperience = answers.leveragedExperience === 'none' || answers.tradingFrequency === 'never';
  const misunderstands = answers.leverageLoss !== 'loses_all' || answers.stopOut !== 'positions_closed';
  return littleExperience || misunderstands || answers.fundsSource === 'borrowed' ? 'warning' : 'appropriate';
}
