/**
 * Route facts the shells need. A route is listed as available only once its page works
 * (issue 2); tabs and links to the others show as "coming soon" rather than leading nowhere.
 */
export const AVAILABLE_ROUTES = new Set<string>([
  '/',
  '/help',
  '/help/faq',
  '/help/notice',
  '/detail',
  '/about',
  '/introduction',
  '/empty',
  '/pass/login',
  '/pass/register',
  '/pass/reset',
  '/profile',
  '/profile/balance',
  '/profile/notification',
  '/profile/security',
  '/profile/verification',
  '/loan',
  '/financial',
  '/trading',
  '/options',
  '/support',
  '/market',
  '/cruuency',
  '/api/loginCallback/google',
  '/admin',
]);

export function isRouteAvailable(path: string): boolean {
  return AVAILABLE_ROUTES.has(path);
}

/** SPEC §2: these routes hide the footer and the mobile tab bar. */
const BARE_ROUTES = ['/pass/reset', '/pass/login', '/pass/register', '/about'];

export function hidesFooterAndTabBar(pathname: string): boolean {
  return BARE_ROUTES.includes(pathname) || hidesAllBars(pathname);
}

/** SPEC §2: the Google sign-in return is a full page without any navigation bar. */
export function hidesAllBars(pathname: string): boolean {
  return pathname === '/api/loginCallback/google';
}

export type NavItem = {
  path: string;
  labelKey: string;
  /** The tab stays current on the pages under it (a loan, an application under /loan). */
  nested?: boolean;
};

/** Desktop top-bar tabs (SPEC §2). */
export const DESKTOP_TABS: NavItem[] = [
  { path: '/', labelKey: 'nav.home' },
  { path: '/market', labelKey: 'nav.market' },
  { path: '/trading', labelKey: 'nav.trading' },
  { path: '/loan', labelKey: 'nav.loan', nested: true },
  { path: '/nfts', labelKey: 'nav.nfts' },
  { path: '/profile/balance', labelKey: 'nav.balance' },
];

/** Mobile bottom tab bar: six icons (SPEC §2). */
export const MOBILE_TABS: NavItem[] = [
  { path: '/', labelKey: 'nav.home' },
  { path: '/market', labelKey: 'nav.market' },
  { path: '/trading', labelKey: 'nav.trading' },
  { path: '/loan', labelKey: 'nav.loan', nested: true },
  { path: '/nfts', labelKey: 'nav.nfts' },
  { path: '/profile', labelKey: 'nav.profile' },
];

/** The title the mobile top bar shows for a path. */
export function titleKeyFor(pathname: string): string {
  if (pathname.startsWith('/help/faq')) return 'help.faqShort';
  if (pathname.startsWith('/help/notice')) return 'help.notices';
  if (pathname.startsWith('/help')) return 'help.title';
  if (pathname === '/pass/login') return 'nav.login';
  if (pathname === '/pass/register') return 'nav.signup';
  if (pathname === '/profile') return 'profile.title';
  if (pathname === '/profile/balance') return 'ledger.title';
  if (pathname === '/deposit') return 'money.deposit';
  if (pathname === '/withdraw') return 'money.withdraw';
  if (pathname === '/sandbox/faucet') return 'money.faucet';
  if (pathname === '/profile/withdrawal-addresses') return 'money.addressBook';
  if (pathname === '/profile/withdrawal-addresses/confirm') return 'money.confirmAddress';
  if (pathname === '/profile/notification') return 'notify.title';
  if (pathname === '/profile/security') return 'profile.securityCentre';
  if (pathname === '/profile/verification') return 'profile.kyc';
  if (pathname === '/loan' || pathname.startsWith('/loan/')) return 'nav.loan';
  if (pathname === '/financial') return 'nav.financial';
  if (pathname === '/trading') return 'nav.trading';
  if (pathname === '/options') return 'nav.myOptions';
  if (pathname === '/support') return 'support.title';
  if (pathname === '/market') return 'market.title';
  if (pathname === '/cruuency') return 'market.instrumentTitle';
  return 'app.name';
}

/**
 * Where an operator refused for having two-factor authentication off (10144, #14) is sent: the
 * profile, which then shows why and scrolls to its two-factor section.
 */
export const OPERATOR_TWO_FACTOR_PATH = '/profile';
export type OperatorTwoFactorState = { operatorTwoFactorRequired: true };

export function isOperatorTwoFactorState(state: unknown): state is OperatorTwoFactorState {
  return typeof state === 'object' && state !== null && 'operatorTwoFactorRequired' in state;
}

/** The sign-in pages (the route guard's open doors). */
export const SIGN_IN_ROUTES = ['/pass/login', '/pass/register', '/pass/reset'];

/**
 * The page a sign-in should return to, from the navigation state the guard (or the phone's
 * onboarding board) left: an in-app path only, never another origin or a sign-in page.
 */
export function returnPathFrom(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  return SIGN_IN_ROUTES.some((path) => from === path || from.startsWith(`${path}?`)) ? null : from;
}
