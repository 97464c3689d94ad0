import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Language, TUserInfo } from '@openbourse/contracts';
import { CATALOGUE, identityEndpoints, LANGUAGE_BCP47 } from '@openbourse/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, callApi } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { isOperatorTwoFactorState } from '../../shared/routes';
import { AppearanceSettings } from '../../shared/ui/AppearanceSettings';
import { LanguagePickerButton } from '../../shared/ui/LanguagePicker';
import { QueryState } from '../../shared/ui/QueryState';
import { SupportLink } from '../../shared/ui/SupportLink';
import { useAuthSettings, useLogout, useUserInfo } from './identity.api';
import { displayUserName, session, useSession } from './session';
import { checks } from './validation';

const LEVELS = ['levelNormal', 'VIP1', 'VIP2', 'VIP3', 'VIP4'] as const;

// The orders section (positions, pending orders, history) is its own chunk.
const PositionsPanel = lazy(() => import('../trading/PositionsPanel'));
// Deposits and withdrawals with their histories (#15): their own chunk too.
const PaymentsHistory = lazy(() => import('../payments/PaymentsHistory'));
// The identity verification's status and the way to its form (#17): its own chunk and texts.
const KycProfileCard = lazy(() => import('../kyc/KycProfileCard'));

export default function ProfilePage() {
  const { t } = useTranslation();
  const userInfo = useUserInfo();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {t('profile.title')}
      </Title>
      <QueryState query={userInfo}>
        {(user) => (
          <Stack gap="lg">
            <AccountSummary user={user} />
            <Suspense fallback={<Skeleton height={120} />}>
              <KycProfileCard />
            </Suspense>
            <AccountMode />
            {/* Full width on a desktop: the table, not the phone's cards (#16). */}
            <div className="ob-profile-wide">
              <Suspense fallback={<Skeleton height={160} />}>
                <PositionsPanel title={t('trading.positions.ordersTitle')} />
              </Suspense>
            </div>
            <Suspense fallback={<Skeleton height={160} />}>
              <PaymentsHistory />
            </Suspense>
            {user.hasPassword && <ChangePassword />}
            <TwoFactor user={user} />
            <AppearanceSettings />
            <Card withBorder padding="lg">
              <Group justify="space-between">
                <Text fw={600}>{t('profile.language')}</Text>
                <LanguagePickerButton />
              </Group>
              <Group mt="md" gap="lg">
                <Anchor component={Link} to="/help">
                  {t('profile.help')}
                </Anchor>
                <SupportLink label={t('profile.support')} />
              </Group>
            </Card>
            <LogoutButton />
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}

function AccountSummary({ user }: { user: TUserInfo }) {
  const { t, i18n } = useTranslation();
  const settings = useAuthSettings();
  const level = LEVELS[user.level] ?? 'levelNormal';
  const since = new Intl.DateTimeFormat(LANGUAGE_BCP47[i18n.language as Language] ?? 'en', {
    dateStyle: 'long',
  }).format(new Date(user.createTime));
  const rows: Array<[string, string]> = [
    [t('profile.userName'), displayUserName(user, Boolean(settings.data?.walletOnly))],
    [t('profile.email'), user.email ?? '—'],
    [t('profile.level'), level === 'levelNormal' ? t('profile.levelNormal') : level],
    [t('profile.kyc'), t(`profile.kycStatus${user.idefinderStatus}`)],
    [t('profile.memberSince'), since],
  ];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-summary">
      <Title order={2} size="h3" id="profile-summary" mb="sm">
        {t('profile.summary')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" className="ob-definition-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={500} data-testid={`profile-${label}`}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function AccountMode() {
  const { t } = useTranslation();
  const { mode } = useSession();
  const settings = useAuthSettings();
  const queryClient = useQueryClient();
  const change = (value: string) => {
    if (value === 'demo' && settings.data && !settings.data.demoEnabled) {
      notifications.show({ color: 'yellow', message: catalogueMessage(10124), autoClose: 4000 });
      return;
    }
    session.setMode(value === 'demo' ? 'demo' : 'live');
    void queryClient.invalidateQueries();
    notifications.show({
      color: 'blue',
      message: value === 'demo' ? t('profile.switchedToDemo') : t('profile.switchedToLive'),
      autoClose: 3000,
    });
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-mode">
      <Title order={2} size="h3" id="profile-mode" mb="sm">
        {t('profile.accountMode')}
      </Title>
      <SegmentedControl
        value={mode}
        onChange={change}
        data={[
          { value: 'live', label: t('profile.live') },
          { value: 'demo', label: t('profile.demo') },
        ]}
        aria-label={t('profile.accountMode')}
      />
      <Anchor component={Link} to="/profile/balance" display="block" mt="sm" w="fit-content">
        {t('nav.balance')}
      </Anchor>
      <Anchor component={Link} to="/options" display="block" mt="xs" w="fit-content">
        {t('nav.myOptions')}
      </Anchor>
      <Anchor component={Link} to="/profile/notification" display="block" mt="xs" w="fit-content">
        {t('notify.title')}
      </Anchor>
      <Anchor component={Link} to="/profile/security" display="block" mt="xs" w="fit-content">
        {t('profile.securityCentre')}
      </Anchor>
    </Card>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ oldPassword: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (input: typeof values) => callApi(identityEndpoints.repassword, { body: input }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checks.password(values.password)) return setError(t('auth.passwordShort'));
    if (values.password !== values.confirmPassword) return setError(t('auth.passwordsDiffer'));
    setError(null);
    try {
      await change.mutateAsync(values);
      setValues({ oldPassword: '', password: '', confirmPassword: '' });
      notifications.show({ color: 'green', message: t('profile.passwordChanged'), autoClose: 4000 });
    } catch {
      // Announced by the mutation toast.
    }
  };
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: React clears the event's target before the updater runs.
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-password">
      <Title order={2} size="h3" id="profile-password" mb="sm">
        {t('profile.changePassword')}
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label={t('auth.oldPassword')}
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={set('oldPassword')}
            required
          />
          <PasswordInput
            label={t('auth.newPassword')}
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            required
          />
          <PasswordInput
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={error}
            required
          />
          <Button type="submit" loading={change.isPending} w="fit-content">
            {t('profile.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function TwoFactor({ user }: { user: TUserInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // Turning it off asks for the password too (#13); an account without one gives the code alone.
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<{ field: 'code' | 'password'; message: string } | null>(null);
  const asksPassword = user.totpEnabled && user.hasPassword;
  // Sent here by a back-office route refused for two-factor being off (10144, #14).
  const isRequiredForOperator = isOperatorTwoFactorState(useLocation().state) && !user.totpEnabled;
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isRequiredForOperator) section.current?.scrollIntoView({ block: 'start' });
  }, [isRequiredForOperator]);
  const start = useMutation({ mutationFn: () => callApi(identityEndpoints.totpSetup, {}) });
  const confirm = useMutation({
    mutationFn: (turn: 'on' | 'off') =>
      turn === 'on'
        ? callApi(identityEndpoints.totpEnable, { body: { code: code.trim() } })
        : callApi(identityEndpoints.totpDisable, {
            body: asksPassword ? { code: code.trim(), password } : { code: code.trim() },
          }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['identity', 'userInfo'] }),
  });

  useEffect(() => {
    if (!setup) return;
    let isCurrent = true;
    // The QR library loads only when someone sets up two-factor.
    void import('qrcode').then((qrcode) =>
      qrcode.toDataURL(setup.otpauthUri, { margin: 1, width: 200 }).then((url) => {
        if (isCurrent) setQr(url);
      }),
    );
    return () => {
      isCurrent = false;
    };
  }, [setup]);

  const submit = async (turn: 'on' | 'off', message: string) => {
    setFieldError(null);
    try {
      await confirm.mutateAsync(turn);
      setSetup(null);
      setCode('');
      setPassword('');
      notifications.show({ color: 'green', message, autoClose: 3000 });
    } catch (error) {
      // Announced by the mutation toast, and beside the field it is about.
      if (error instanceof ApiError && error.code === CATALOGUE.PASSWORD_WRONG.code) {
        setFieldError({ field: 'password', message: errorMessage(error) });
      } else if (error instanceof ApiError && error.code === CATALOGUE.TOTP_INVALID.code) {
        setFieldError({ field: 'code', message: errorMessage(error) });
      }
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-2fa" ref={section}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="profile-2fa">
          {t('profile.twoFactor')}
        </Title>
        <Badge color={user.totpEnabled ? 'green' : 'gray'}>
          {user.totpEnabled ? t('profile.twoFactorOn') : t('profile.twoFactorOff')}
        </Badge>
      </Group>
      {isRequiredForOperator && (
        <Alert color="yellow" role="alert" mb="sm" data-testid="operator-two-factor-required">
          {catalogueMessage(CATALOGUE.OPERATOR_TOTP_REQUIRED.code)}
        </Alert>
      )}
      {!user.totpEnabled && !setup && (
        <Button
          variant="light"
          loading={start.isPending}
          onClick={() =>
            void start
              .mutateAsync()
              .then(setSetup)
              .catch(() => undefined)
          }
        >
          {t('profile.twoFactorSetup')}
        </Button>
      )}
      {setup && (
        <Stack gap="sm">
          <Text size="sm">{t('profile.twoFactorScan')}</Text>
          {qr && <Image src={qr} alt="" w={200} h={200} />}
          <Text size="sm">
            {t('profile.twoFactorKey')}: <code data-testid="totp-secret">{setup.secret}</code>
          </Text>
        </Stack>
      )}
      {user.totpEnabled && (
        <Text size="sm">
          {asksPassword ? t('profile.twoFactorDisableHint') : t('profile.twoFactorDisableHintCodeOnly')}
        </Text>
      )}
      {(setup || user.totpEnabled) && (
        <Group align="flex-end" mt="sm">
          {asksPassword && (
            <PasswordInput
              label={t('profile.twoFactorPassword')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fieldError?.field === 'password' ? fieldError.message : undefined}
              required
            />
          )}
          <TextInput
            label={t('auth.totp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={fieldError?.field === 'code' ? fieldError.message : undefined}
          />
          {user.totpEnabled ? (
            <Button
              color="red"
              variant="light"
              loading={confirm.isPending}
              onClick={() => void submit('off', t('profile.twoFactorDisabled'))}
            >
              {t('profile.twoFactorDisable')}
            </Button>
          ) : (
            <Button loading={confirm.isPending} onClick={() => void submit('on', t('profile.twoFactorEnabled'))}>
              {t('profile.twoFactorEnable')}
            </Button>
          )}
        </Group>
      )}
    </Card>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Button
      variant="default"
      color="red"
      w="fit-content"
      loading={logout.isPending}
      onClick={() =>
        void logout.mutateAsync().finally(() => {
          notifications.show({ message: t('auth.loggedOut'), autoClose: 3000 });
          navigate('/', { replace: true });
        })
      }
    >
      {t('profile.logout')}
    </Button>
  );
}
