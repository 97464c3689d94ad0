import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  Modal,
  Pagination,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Language, TSecuritySession, TUserInfo } from '@openbourse/contracts';
import { CATALOGUE, LANGUAGE_BCP47 } from '@openbourse/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { QueryState } from '../../../shared/ui/QueryState';
import { useUserInfo } from '../identity.api';
import {
  downloadText,
  recoveryCodesText,
  useGenerateRecoveryCodes,
  useRecoveryCodesStatus,
  useRevokeOtherSessions,
  useRevokeSession,
  useSecuritySessions,
  useSignInHistory,
} from './security.api';
import { WithSecurityTexts } from './security-i18n';

/** The security centre (#16): sessions in use, the sign-in history and two-factor recovery codes. */
export default function SecurityPage() {
  return (
    <WithSecurityTexts>
      <SecurityCentre />
    </WithSecurityTexts>
  );
}

function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(LANGUAGE_BCP47[i18n.language as Language] ?? 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}

function deviceOf(item: { browser: string | null; os: string | null }, unknown: string): string {
  return [item.browser, item.os].filter(Boolean).join(' · ') || unknown;
}

function SecurityCentre() {
  const { t } = useTranslation();
  const userInfo = useUserInfo();
  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="lg">
        <Anchor component={Link} to="/profile" size="sm" w="fit-content">
          {t('security.centre.backToProfile')}
        </Anchor>
        <Title order={1}>{t('security.centre.title')}</Title>
      </Stack>
      <Stack gap="lg">
        <Sessions />
        <QueryState query={userInfo}>{(user) => <RecoveryCodes user={user} />}</QueryState>
        <SignInHistory />
      </Stack>
    </Container>
  );
}

function Sessions() {
  const { t } = useTranslation();
  const sessions = useSecuritySessions();
  const revokeOthers = useRevokeOtherSessions();
  const [isConfirming, confirm] = useDisclosure(false);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const signOutOthers = async () => {
    try {
      await revokeOthers.mutateAsync();
      confirm.close();
      notifications.show({ color: 'green', message: t('security.centre.othersSignedOut'), autoClose: 4000 });
    } catch {
      // Announced by the mutation toast.
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="security-sessions">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h3" id="security-sessions">
          {t('security.centre.sessionsTitle')}
        </Title>
        <Button
          color="red"
          variant="light"
          disabled={others === 0}
          onClick={confirm.open}
          data-testid="sign-out-everywhere"
        >
          {t('security.centre.signOutEverywhere')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('security.centre.sessionsHint')}
      </Text>
      <QueryState query={sessions}>
        {(items) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="security-sessions">
            {items.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </Stack>
        )}
      </QueryState>
      <Modal opened={isConfirming} onClose={confirm.close} title={t('security.centre.signOutEverywhere')} centered>
        <Stack gap="md">
          <Text size="sm">{t('security.centre.signOutEverywhereConfirm', { count: others })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t('security.centre.cancel')}
            </Button>
            <Button
              color="red"
              loading={revokeOthers.isPending}
              onClick={() => void signOutOthers()}
              data-testid="sign-out-everywhere-confirm"
            >
              {t('security.centre.signOutEverywhereAction')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function SessionRow({ session }: { session: TSecuritySession }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const revoke = useRevokeSession();
  const device = deviceOf(session, t('security.centre.unknownDevice'));
  return (
    <Card component="li" withBorder padding="sm" data-testid="security-session" data-current={session.current}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{device}</Text>
            {session.current && (
              <Badge color="green" variant="light">
                {t('security.centre.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('security.centre.address')}: {session.ip ?? '—'}
          </Text>
          <Text size="sm" c="dimmed">
            {t('security.centre.signedInAt', { at: dateTime(session.createdAt) })} ·{' '}
            {t('security.centre.lastUsedAt', { at: dateTime(session.lastUsedAt) })}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            variant="default"
            size="xs"
            loading={revoke.isPending}
            onClick={() => void revoke.mutateAsync(session.id).catch(() => undefined)}
            aria-label={t('security.centre.signOutDevice', { device })}
          >
            {t('security.centre.signOut')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function SignInHistory() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [page, setPage] = useState(1);
  const history = useSignInHistory(page);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="security-history">
      <Title order={2} size="h3" id="security-history" mb="sm">
        {t('security.centre.historyTitle')}
      </Title>
      <QueryState query={history} empty={t('security.centre.historyEmpty')}>
        {(data) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={560}>
              <Table striped data-testid="sign-in-history">
                <Table.Caption>{t('security.centre.historyCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('security.centre.time')}</Table.Th>
                    <Table.Th>{t('security.centre.result')}</Table.Th>
                    <Table.Th>{t('security.centre.method')}</Table.Th>
                    <Table.Th>{t('security.centre.device')}</Table.Th>
                    <Table.Th>{t('security.centre.address')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>{dateTime(item.at)}</Table.Td>
                      <Table.Td>
                        <Badge color={item.succeeded ? 'green' : 'red'} variant="light">
                          {item.succeeded
                            ? t('security.centre.succeeded')
                            : t(`security.centre.failure.${item.failure ?? 'password'}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {t(`security.centre.methods.${item.method}`)}
                        {item.secondFactor && ` + ${t(`security.centre.secondFactors.${item.secondFactor}`)}`}
                      </Table.Td>
                      <Table.Td>{deviceOf(item, t('security.centre.unknownDevice'))}</Table.Td>
                      <Table.Td>{item.ip ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.total > data.pageSize && (
              <Pagination
                total={Math.ceil(data.total / data.pageSize)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({
                  'aria-label': t(`security.centre.page.${control}`),
                })}
              />
            )}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

function RecoveryCodes({ user }: { user: TUserInfo }) {
  const { t } = useTranslation();
  const status = useRecoveryCodesStatus(user.totpEnabled);
  const generate = useGenerateRecoveryCodes();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [fieldError, setFieldError] = useState<{ field: 'password' | 'code'; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    const body = user.hasPassword && password !== '' ? { password } : code.trim() !== '' ? { code: code.trim() } : {};
    try {
      const answer = await generate.mutateAsync(body);
      setCodes(answer.codes);
      setPassword('');
      setCode('');
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === CATALOGUE.PASSWORD_WRONG.code)
        setFieldError({ field: 'password', message: errorMessage(error) });
      if (error.code === CATALOGUE.TOTP_INVALID.code || error.code === CATALOGUE.REAUTHENTICATION_REQUIRED.code) {
        setFieldError({ field: user.hasPassword ? 'password' : 'code', message: errorMessage(error) });
      }
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="security-recovery">
      <Title order={2} size="h3" id="security-recovery" mb="sm">
        {t('security.centre.recoveryTitle')}
      </Title>
      {!user.totpEnabled ? (
        <Text size="sm">
          {t('security.centre.recoveryNeedsTwoFactor')}{' '}
          <Anchor component={Link} to="/profile">
            {t('security.centre.backToProfile')}
          </Anchor>
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('security.centre.recoveryHint')}</Text>
          {status.data && (
            <Text size="sm" fw={500} data-testid="recovery-codes-remaining">
              {status.data.generatedAt
                ? t('security.centre.recoveryRemaining', { count: status.data.remaining })
                : t('security.centre.recoveryNone')}
            </Text>
          )}
          {codes && (
            <Alert color="yellow" title={t('security.centre.recoveryShownOnce')} data-testid="recovery-codes">
              <SimpleGrid
                cols={{ base: 1, xs: 2 }}
                spacing={4}
                component="ol"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
              >
                {codes.map((item) => (
                  <Code component="li" key={item} fz="md" dir="ltr" data-testid="recovery-code">
                    {item}
                  </Code>
                ))}
              </SimpleGrid>
              <Group mt="sm" gap="sm">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    downloadText(recoveryCodesText(codes, user.userName, new Date()), 'openbourse-recovery-codes.txt')
                  }
                >
                  {t('security.centre.recoveryDownload')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setCodes(null)}>
                  {t('security.centre.recoverySaved')}
                </Button>
              </Group>
            </Alert>
          )}
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Group align="flex-end" gap="sm">
              {user.hasPassword ? (
                <PasswordInput
                  label={t('security.centre.confirmPassword')}
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  error={fieldError?.field === 'password' ? fieldError.message : undefined}
                />
              ) : (
                <TextInput
                  label={t('security.centre.confirmCode')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  error={fieldError?.field === 'code' ? fieldError.message : undefined}
                />
              )}
              <Button type="submit" loading={generate.isPending} data-testid="generate-recovery-codes">
                {status.data?.generatedAt
                  ? t('security.centre.recoveryRegenerate')
                  : t('security.centre.recoveryGenerate')}
              </Button>
            </Group>
          </form>
        </Stack>
      )}
    </Card>
  );
}
