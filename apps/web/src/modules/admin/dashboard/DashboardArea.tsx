import { useTranslation } from 'react-i18next';
import { AdminPage } from '../ui/AdminPage';

// The area's screens are being built (issue 14); its helper replaces this file.
export default function DashboardArea() {
  const { t } = useTranslation();
  return <AdminPage title={t('admin.shell.nav.dashboard')}>{null}</AdminPage>;
}
