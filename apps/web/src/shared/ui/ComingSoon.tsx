import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A navigation entry whose page has not shipped: visible, announced as unavailable, inert.
 * A native title rather than a tooltip component keeps the positioning library out of the
 * first load.
 */
export function ComingSoon({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${className ?? ''} ob-coming-soon`} aria-disabled="true" title={t('app.comingSoonHint')}>
      {children}
      <span className="ob-visually-hidden"> ({t('app.comingSoon')})</span>
    </span>
  );
}
