import { useTranslation } from 'react-i18next';
import type { AmountProblem } from './loan-math';
import { useAssetAmount } from './parts';

/** An amount field's problem in the reader's language, its limits written as amounts of `asset`. */
export function useAmountProblemText(): (problem: AmountProblem | null | undefined, asset: string) => string | null {
  const { t } = useTranslation();
  const amount = useAssetAmount();
  return (problem, asset) => {
    if (!problem) return null;
    switch (problem.problem) {
      case 'tooManyDecimals':
        return t('lending.common.problems.tooManyDecimals', { decimals: problem.decimals });
      case 'belowMinimum':
        return t('lending.common.problems.belowMinimum', { minimum: amount(problem.minimum, asset) });
      case 'aboveMaximum':
        return t('lending.common.problems.aboveMaximum', { maximum: amount(problem.maximum, asset) });
      case 'aboveCollateral':
        return t('lending.common.problems.aboveCollateral', { maximum: amount(problem.maximum, asset) });
      case 'aboveAvailable':
        return t('lending.common.problems.aboveAvailable', { available: amount(problem.available, asset) });
      default:
        return t(`lending.common.problems.${problem.problem}`);
    }
  };
}
