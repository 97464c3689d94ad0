import { useTranslation } from 'react-i18next';
import { type Fact, Facts as SharedFacts } from '../../shared/ui/Facts';
import { ConfirmMoneyMove, type ConfirmMoveProps } from '../../shared/ui/MoneyMove';

export type { Fact };

/** A list of labelled facts (a product's terms, an order's figures), read as a description list. */
export function Facts(props: { facts: ReadonlyArray<Fact | null | false | '' | undefined>; label?: string }) {
  return <SharedFacts {...props} className="ob-savings-facts" />;
}

/**
 * The confirmation before money moves: what will happen, Back, and the confirming button; not
 * closable while the request is in flight; the whole screen on a phone.
 */
export function ConfirmMove(props: ConfirmMoveProps) {
  const { t } = useTranslation();
  return (
    <ConfirmMoneyMove
      {...props}
      backLabel={t('savings.page.common.back')}
      closeLabel={t('savings.page.common.close')}
      fullScreenOnPhone
    />
  );
}
