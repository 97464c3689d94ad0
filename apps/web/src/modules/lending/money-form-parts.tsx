import { useTranslation } from 'react-i18next';
import { ConfirmMoneyMove, type ConfirmMoveProps } from '../../shared/ui/MoneyMove';

/**
 * The confirmation before money moves (repay, a repayment application, collateral added): what
 * will happen, Back, and the confirming button; not closable while the request is in flight.
 */
export function ConfirmMove(props: ConfirmMoveProps) {
  const { t } = useTranslation();
  return <ConfirmMoneyMove {...props} backLabel={t('lending.common.back')} />;
}
