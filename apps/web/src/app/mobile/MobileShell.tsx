import { ActionIcon, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconChartCandle,
  IconCoin,
  IconHome,
  IconPhoto,
  IconRobot,
  IconSearch,
  IconUser,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useAuthSettings } from '../../modules/identity/identity.api';
import { displayUserName, useSession } from '../../modules/identity/session';
import { SupportLauncher } from '../../modules/support/SupportLauncher';
import { hidesAllBars, hidesFooterAndTabBar, isRouteAvailable, MOBILE_TABS, titleKeyFor } from '../../shared/routes';
import { ComingSoon } from '../../shared/ui/ComingSoon';
import { LanguagePickerButton } from '../../shared/ui/LanguagePicker';
import { LogoMark } from '../Logo';
import { SandboxRibbon } from '../SandboxRibbon';
import { WelcomeSlot } from '../WelcomeSlot';
import { BOARD_KEY, readShowBoard } from './board-state';

// Loaded on first use, keeping the modal code out of the first page.
const SearchOverlay = lazy(() => import('../../modules/search/SearchOverlay'));
const NotificationBell = lazy(() => import('../../modules/notify/NotificationBell'));

const TAB_ICONS: Record<string, typeof IconHome> = {
  '/': IconHome,
  '/market': IconChartCandle,
  '/trading': IconRobot,
  '/loan': IconCoin,
  '/nfts': IconPhoto,
  '/profile': IconUser,
};

export function MobileShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [isBoardShown, setBoardShown] = useState(() => readShowBoard(pathname));
  const hideBars = hidesFooterAndTabBar(pathname);

  if (isBoardShown) {
    return (
      <OnboardingBoard
        onDone={() => {
          try {
            sessionStorage.setItem(BOARD_KEY, '1');
          } catch {
            // Without storage the board simply shows again next visit.
          }
          setBoardShown(false);
        }}
      />
    );
  }

  return (
    <div className="ob-shell ob-shell--mobile">
      <SandboxRibbon />
      {!hidesAllBars(pathname) && <MobileTopBar />}
      <main id="main" className={hideBars ? 'ob-main' : 'ob-main ob-main--with-tabbar'} tabIndex={-1}>
        <WelcomeSlot />
        {children}
      </main>
      {!hideBars && <MobileTabBar />}
      {!hidesAllBars(pathname) && <SupportLauncher compact />}
    </div>
  );
}

function MobileTopBar() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useAuthSettings();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [isSearchOpen, search] = useDisclosure(false);
  const isHome = pathname === '/';
  return (
    <header className="ob-mobile-topbar" data-tour-ceiling>
      {isHome ? (
        <span className="ob-mobile-topbar-spacer" />
      ) : (
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={() => navigate(-1)}
          aria-label={t('app.back')}
          className="ob-flip-rtl"
        >
          <IconArrowLeft size={22} aria-hidden />
        </ActionIcon>
      )}
      <Text component="h1" fw={700} className="ob-mobile-title">
        {t(titleKeyFor(pathname))}
      </Text>
      <Group gap={4} wrap="nowrap" className="ob-mobile-topbar-actions">
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={search.open}
          aria-label={t('search.open')}
          data-testid="open-search"
        >
          <IconSearch size={20} aria-hidden />
        </ActionIcon>
        <LanguagePickerButton compact />
        {user && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        {user ? (
          <Anchor
            component={Link}
            to="/profile"
            size="sm"
            fw={600}
            className="ob-mobile-user"
            data-testid="mobile-user-name"
          >
            {displayUserName(user, Boolean(settings.data?.walletOnly))}
          </Anchor>
        ) : (
          <Button component={Link} to="/pass/login" size="compact-sm" variant="light">
            {t('nav.login')}
          </Button>
        )}
      </Group>
      {isSearchOpen && (
        <Suspense fallback={null}>
          <SearchOverlay opened={isSearchOpen} onClose={search.close} />
        </Suspense>
      )}
    </header>
  );
}

function MobileTabBar() {
  const { t } = useTranslation();
  return (
    <nav className="ob-tabbar" aria-label={t('nav.tabBar')} data-testid="tab-bar" data-tour-floor>
      {MOBILE_TABS.map((tab) => {
        const Icon = TAB_ICONS[tab.path] ?? IconHome;
        const content = (
          <>
            <Icon size={22} aria-hidden />
            <span className="ob-tabbar-label">{t(tab.labelKey)}</span>
          </>
        );
        return isRouteAvailable(tab.path) ? (
          <NavLink key={tab.path} to={tab.path} end={!tab.nested} className="ob-tabbar-item">
            {content}
          </NavLink>
        ) : (
          <ComingSoon key={tab.path} className="ob-tabbar-item">
            {content}
          </ComingSoon>
        );
      })}
    </nav>
  );
}

function OnboardingBoard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Both buttons return to the page asked for, its query included (an invite link's code): Skip
  // at once; Continue leads a visitor through registration first (SPEC §2), which comes back there.
  const { token } = useSession();
  const location = useLocation();
  const asked = `${location.pathname}${location.search}${location.hash}`;
  return (
    <main className="ob-board" id="main" data-testid="onboarding-board">
      <Group justify="flex-end">
        <LanguagePickerButton compact />
      </Group>
      <Stack gap="lg" className="ob-board-body">
        <LogoMark size={72} className="ob-board-logo" />
        <h1 className="ob-board-title">{t('onboarding.title')}</h1>
        <p className="ob-board-text">{t('onboarding.text')}</p>
      </Stack>
      <Stack gap="sm">
        <Button
          size="lg"
          fullWidth
          onClick={() => {
            onDone();
            if (token) navigate(asked, { replace: true });
            else navigate('/pass/register', { state: { from: asked } });
          }}
        >
          {t('onboarding.continue')}
        </Button>
        <Button
          size="lg"
          variant="subtle"
          fullWidth
          onClick={() => {
            onDone();
            navigate(asked, { replace: true });
          }}
        >
          {t('onboarding.skip')}
        </Button>
      </Stack>
    </main>
  );
}

/** The mobile home footer: company (1), policy (2), other (3) and online support (SPEC §2). */
