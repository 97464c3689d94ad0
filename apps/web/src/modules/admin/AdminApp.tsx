import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes } from 'react-router';
import { OPERATOR_TWO_FACTOR_PATH, type OperatorTwoFactorState } from '../../shared/routes';
import { LoadFailed, Loading } from '../../shared/ui/QueryState';
import { useUserInfo } from '../identity/identity.api';
import { useSession } from '../identity/session';
import { useAdminTexts } from './admin-i18n';
import { ADMIN_AREAS, admits, isOperator } from './areas';
import { AdminShell } from './shell/AdminShell';

/**
 * The back office at /admin (#14): its own layout and lazily loaded chunk, so nothing of it
 * reaches the public pages' first load. It opens for a signed-in operator with two-factor on;
 * anyone else is told why (the server refuses them every back-office route regardless).
 */
export default function AdminApp() {
  const { t } = useTranslation();
  const { token } = useSession();
  const textsReady = useAdminTexts();
  const user = useUserInfo();
  if (!token) return <Navigate to="/pass/login" replace />;
  if (!textsReady || user.isPending) return <Loading />;
  if (user.isError) {
    return (
      <Container size="sm" py="xl">
        <LoadFailed error={user.error} onRetry={() => void user.refetch()} />
      </Container>
    );
  }
  const { roles, userName, totpEnabled } = user.data;
  if (!isOperator(roles)) {
    return (
      <Container size="sm" py="xl">
        <Stack component="main">
          <Title order={1} size="h2">
            {t('admin.shell.noAccessTitle')}
          </Title>
          <Text>{t('admin.shell.noAccessBody')}</Text>
          <Anchor component={Link} to="/">
            {t('admin.shell.backToSite')}
          </Anchor>
        </Stack>
      </Container>
    );
  }
  if (!totpEnabled) {
    const state: OperatorTwoFactorState = { operatorTwoFactorRequired: true };
    return (
      <Container size="sm" py="xl">
        <Stack component="main">
          <Title order={1} size="h2">
            {t('admin.shell.twoFactorTitle')}
          </Title>
          <Alert color="yellow">{t('admin.shell.twoFactorBody')}</Alert>
          <Button component={Link} to={OPERATOR_TWO_FACTOR_PATH} state={state} w="fit-content">
            {t('admin.shell.twoFactorAction')}
          </Button>
        </Stack>
      </Container>
    );
  }
  const areas = ADMIN_AREAS.filter((area) => admits(roles, area.level));
  return (
    <AdminShell roles={roles} userName={userName}>
      <Suspense fallback={<Loading />}>
        <Routes>
          {areas.map(({ id, path, Page }) =>
            path === '' ? (
              <Route key={id} index element={<Page />} />
            ) : (
              <Route key={id} path={`${path}/*`} element={<Page />} />
            ),
          )}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </Suspense>
    </AdminShell>
  );
}
