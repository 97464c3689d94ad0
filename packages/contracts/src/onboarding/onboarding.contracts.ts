import { z } from 'zod';
import { APPROPRIATENESS_QUESTIONS, ONBOARDING_CHOICES } from './onboarding.constants.js';

export const ZOnboardingChoice = z.enum(ONBOARDING_CHOICES);

export const ZOnboardingState = z.object({
  choice: ZOnboardingChoice.nullable().describe(
    'What the user chose when first offered (demo, live, or dismissed the offer); null: not offered yet',
  ),
});
export type TOnboardingState = z.infer<typeof ZOnboardingState>;

export const ZOnboardingChoiceRequest = z.object({ choice: ZOnboardingChoice });
export type TOnboardingChoiceRequest = z.infer<typeof ZOnboardingChoiceRequest>;

export const ZAppropriatenessAnswers = z.strictObject({
  leveragedExperience: z
    .enum(APPROPRIATENESS_QUESTIONS.leveragedExperience)
    .describe('Experience trading leveraged products (CFDs, futures, margin FX, options) in the last three years'),
  tradingFrequency: z.enum(APPROPRIATENESS_QUESTIONS.tradingFrequency).describe('How often the user traded them'),
  leverageLoss: z
    .enum(APPROPRIATENESS_QUESTIONS.leverageLoss)
    .describe('With leverage 10, a 10 % adverse move: what happens to the margin (loses_all is right)'),
  stopOut: z
    .enum(APPROPRIATENESS_QUESTIONS.stopOut)
    .describe('What happens at the stop-out level (positions_closed is right)'),
  fundsSource: z.enum(APPROPRIATENESS_QUESTIONS.fundsSource).describe('Where the money traded comes from'),
});

export const ZAppropriatenessRequest = z.object({
  answers: ZAppropriatenessAnswers,
  acknowledged: z
    .boolean()
    .optional()
    .describe(
      'The user read the warning that the product may not be appropriate; required when the answers warn (10194)',
    ),
});
export type TAppropriatenessRequest = z.infer<typeof ZAppropriatenessRequest>;

export const ZAppropriatenessState = z.object({
  answered: z.boolean().describe('Whether the questions are answered: a live open is refused (10193) until they are'),
  outcome: z.enum(['appropriate', 'warning']).nullable(),
  acknowledged: z
    .boolean()
    .describe('Whether the user acknowledged the warning (true when there was none to acknowledge)'),
  answers: ZAppropriatenessAnswers.nullable(),
  answeredAt: z.string().nullable(),
});
export type TAppropriatenessState = z.infer<typeof ZAppropriatenessState>;
