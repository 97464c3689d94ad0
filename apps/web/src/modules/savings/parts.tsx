import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmMoneyMove, type ConfirmMoveProps } from '../../shared/ui/MoneyMove';

export type Fact = { key: string; label: ReactNode; value: ReactNode; testId?: string };

/** A list of labelled facts (a product's terms, an order's figures), read as a description list. */
export function Facts({ facts, label }: { facts: ReadonlyArray<Fact | null | false>; label?: string }) {
  return (
    <dl className="ob-facts ob-savings-facts" aria-label={label}>
      {facts
        .filter((fact): fact is Fact => Boolean(fact))
        .map((fact) => (
          <div key={fact.key}>
            <dt>{fact.label}</dt>
            <dd data-testid={fact.testId}>{fact.value}</dd>
          </div>
        ))}
    </dl>
  );
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
