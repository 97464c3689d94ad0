import { useTranslation } from 'react-i18next';

const deploymentMode = document.querySelector<HTMLMetaElement>('meta[name="ob-deployment-mode"]')?.content;

/** SPEC §0.2: a sandbox deployment says so on every page. */
export function SandboxRibbon() {
  const { t } = useTranslation();
  if (deploymentMode !== 'sandbox') return null;
  return (
    <div className="ob-sandbox-ribbon" role="note" data-testid="sandbox-ribbon">
      {t('app.sandboxLabel')}
    </div>
  );
}
