import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The OpenBourse mark: a rising line on a rounded square, in the current text colour. */
export function LogoMark({ size, className }: { size: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path
        d="M14 44 L26 30 L34 37 L50 20"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="ob-logo" aria-label={`${t('app.name')}: ${t('nav.home')}`}>
      <LogoMark size={28} />
      <span>{t('app.name')}</span>
    </Link>
  );
}
