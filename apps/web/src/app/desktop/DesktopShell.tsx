import { Anchor, Button, Container, Group, Kbd, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandDiscord, IconBrandTelegram, IconBrandX, IconSearch } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import {
  contentHref,
  useCustomContents,
  useFooterPages,
  usePublicSettings,
  useSocialLinks,
} from '../../modules/content/content.api';
import { useAuthSettings } from '../../modules/identity/identity.api';
import { useSession } from '../../modules/identity/session';
import { SupportLauncher } from '../../modules/support/SupportLauncher';
import { DESKTOP_TABS, hidesAllBars, hidesFooterAndTabBar, isRouteAvailable } from '../../shared/routes';
import { ComingSoon } from '../../shared/ui/ComingSoon';
import { LanguagePickerButton } from '../../shared/ui/LanguagePicker';
import { SupportLink } from '../../shared/ui/SupportLink';
import { Logo } from '../Logo';
import { SandboxRibbon } from '../SandboxRibbon';
import { WelcomeSlot } from '../WelcomeSlot';

export function DesktopShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="ob-shell ob-shell--desktop">
      <SandboxRibbon />
      {!hidesAllBars(pathname) && <DesktopTopBar />}
      <main id="main" className="ob-main" tabIndex={-1}>
        <WelcomeSlot />
        {children}
      </main>
      {!hidesFooterAndTabBar(pathname) && <DesktopFooter />}
      {!hidesAllBars(pathname) && <SupportLauncher />}
    </div>
  );
}

function DesktopTopBar() {
  const { t } = useTranslation();
  const { token } = useSession();
  const settings = useAuthSettings();
  return (
    <header className="ob-topbar">
      <Container size="xl" className="ob-topbar-inner">
        <Logo />
        <nav aria-label={t('nav.main')} className="ob-tabs">
          {DESKTOP_TABS.map((tab) =>
            isRouteAvailable(tab.path) ? (
              <NavLink key={tab.path} to={tab.path} end={!tab.nested} className="ob-tab">
                {t(tab.labelKey)}
              </NavLink>
            ) : (
              <ComingSoon key={tab.path} className="ob-tab">
                {t(tab.labelKey)}
              </ComingSoon>
            ),
          )}
        </nav>
        <Group gap="xs" wrap="nowrap">
          <DesktopSearch />
          <LanguagePickerButton />
          {token ? (
            <Suspense fallback={null}>
              <NotificationBell />
              <AccountMenu />
            </Suspense>
          ) : (
            <>
              <Button component={Link} to="/pass/login" variant="default">
                {t('nav.login')}
              </Button>
              {!settings.data?.walletOnly && (
                <Button component={Link} to="/pass/register">
                  {t('nav.signup')}
                </Button>
              )}
            </>
          )}
        </Group>
      </Container>
    </header>
  );
}

const SearchOverlay = lazy(() => import('../../modules/search/SearchOverlay'));

/** True while the reader is typing somewhere: `/` is then a character, not the shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * The search on desktop (issue 16, fix 5): a button in the top bar, and the keyboard: `/`
 * outside a text field, Ctrl+K or ⌘K anywhere. The overlay (and the market lists it searches)
 * loads on first use.
 */
function DesktopSearch() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const isMac = /Mac|iPhone|iPad/.test(navigator.platform);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const isCommandK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const isSlash = event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
      if (!isCommandK && !isSlash) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            /
          </Kbd>
        }
        onClick={() => setOpen(true)}
        aria-keyshortcuts={isMac ? '/ Meta+K' : '/ Control+K'}
        aria-haspopup="dialog"
        data-testid="open-search"
      >
        {t('search.open')}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <SearchOverlay opened={isOpen} onClose={() => setOpen(false)} fullScreen={false} />
        </Suspense>
      )}
    </>
  );
}

// The menu (and its positioning code) loads only for signed-in users.
const AccountMenu = lazy(() => import('./AccountMenu'));
const NotificationBell = lazy(() => import('../../modules/notify/NotificationBell'));

const SOCIAL_ICONS = { discord: IconBrandDiscord, twitter: IconBrandX, telegram: IconBrandTelegram } as const;

function DesktopFooter() {
  const { t } = useTranslation();
  const pages = useFooterPages();
  const settings = usePublicSettings();
  const links = useSocialLinks();
  const custom = useCustomContents();
  const aboutId = settings.data?.aboutContentId;
  const byType = (type: 1 | 2 | 3) => (pages.data ?? []).filter((page) => page.type === type);
  const riskWarning = custom.data?.find((block) => block.key === 'risk_warning')?.content;

  const products = [
    { path: '/market', label: t('footer.markets') },
    { path: '/loan', label: t('footer.loan') },
    { path: '/financial', label: t('footer.financial') },
    { path: '/nfts', label: t('footer.nft') },
    { path: '/trading', label: t('footer.smartTrading') },
  ];

  return (
    <footer className="ob-footer">
      <Container size="xl">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xl">
          <FooterGroup title={t('footer.products')}>
            {products.map((product) =>
              isRouteAvailable(product.path) ? (
                <Anchor key={product.path} component={Link} to={product.path} className="ob-footer-link">
                  {product.label}
                </Anchor>
              ) : (
                <ComingSoon key={product.path} className="ob-footer-link">
                  {product.label}
                </ComingSoon>
              ),
            )}
          </FooterGroup>
          <FooterGroup title={t('footer.company')}>
            {byType(1).map((page) => (
              <Anchor key={page.id} component={Link} to={contentHref(page, aboutId)} className="ob-footer-link">
                {page.title}
              </Anchor>
            ))}
            <Anchor component={Link} to="/help" className="ob-footer-link">
              {t('footer.helpCentre')}
            </Anchor>
          </FooterGroup>
          <FooterGroup title={t('footer.policy')} testId="footer-policy">
            {byType(2).map((page) => (
              <Anchor key={page.id} component={Link} to={contentHref(page, aboutId)} className="ob-footer-link">
                {page.title}
              </Anchor>
            ))}
            <SupportLink />
          </FooterGroup>
          <FooterGroup title={t('footer.other')}>
            {byType(3).map((page) => (
              <Anchor key={page.id} component={Link} to={contentHref(page, aboutId)} className="ob-footer-link">
                {page.title}
              </Anchor>
            ))}
            {(links.data ?? []).length > 0 && (
              <Group gap="sm" mt="xs" aria-label={t('footer.social')} role="group">
                {(links.data ?? []).map((link) => {
                  const Icon = SOCIAL_ICONS[link.type];
                  return (
                    <Anchor
                      key={link.type}
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={link.type}
                    >
                      <Icon size={22} aria-hidden />
                    </Anchor>
                  );
                })}
              </Group>
            )}
          </FooterGroup>
        </SimpleGrid>
        {riskWarning && (
          <Text size="xs" mt="xl" className="ob-risk-warning">
            <strong>{t('footer.riskWarning')}: </strong>
            {riskWarning}
          </Text>
        )}
        <Text size="xs" mt="md" c="dimmed">
          {t('footer.openSource', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </footer>
  );
}

function FooterGroup({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={6} component="section" aria-label={title} data-testid={testId}>
      <Text fw={700} size="sm" component="h2" className="ob-footer-title">
        {title}
      </Text>
      {children}
    </Stack>
  );
}
