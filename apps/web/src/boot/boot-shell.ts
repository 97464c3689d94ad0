import { LANGUAGE_BCP47, LANGUAGES, type Language, RTL_LANGUAGES } from '@openbourse/contracts/constants';
import { readShowBoard } from '../app/mobile/board-state';
import { isMobileUserAgent } from '../shared/device/device';
import { LANGUAGE_STORAGE_KEY, pickLanguage } from '../shared/i18n/detect-language';
import { readChoice, resolveConvention } from '../shared/ui/colour-convention-choice';

/**
 * The boot shell (issue 16, item 0): index.html carries the first viewport of the page as plain
 * markup (the onboarding board, or the bars and the home page's headline), and this script,
 * inlined into index.html with the response's CSP nonce, picks which part shows and writes its
 * texts in the reader's language before the first paint. The JavaScript bundle arrives later and
 * React replaces the whole shell with the same page; until then the reader already sees it.
 *
 * It is built by apps/web/vite-boot-shell.ts into a small classic script; the texts of every
 * language for BOOT_TEXT_KEYS are written beside it at build time from src/locales.
 */

/** The texts the shell shows, by i18n key (the same keys the React page uses). */
export const BOOT_TEXT_KEYS = [
  'app.name',
  'app.loading',
  'app.sandboxLabel',
  'onboarding.title',
  'onboarding.text',
  'onboarding.continue',
  'onboarding.skip',
  'home.headline',
  'home.subheadline',
  'market.title',
  'market.greenUp',
  'market.greenUpHint',
] as const;
export type BootTextKey = (typeof BOOT_TEXT_KEYS)[number];
export type BootTexts = Record<Language, Record<BootTextKey, string>>;

/**
 * Which parts of the shell match the page React will render: the phone's or the desktop's bars,
 * and the page's first content: the board greets a phone's first visit to `/`; `/` shows the home
 * page's headline, `/market` its title and colour switch; any other path gets only the bars.
 */
export type BootPage = 'board' | 'home' | 'market' | 'other';
export interface BootView {
  device: 'mobile' | 'desktop';
  page: BootPage;
}

export function chooseBootView(pathname: string, isMobile: boolean, showBoard: boolean): BootView {
  const device = isMobile ? 'mobile' : 'desktop';
  if (isMobile && showBoard) return { device, page: 'board' };
  if (pathname === '/') return { device, page: 'home' };
  if (pathname === '/market') return { device, page: 'market' };
  return { device, page: 'other' };
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function metaContent(name: string): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
}

/** Shows the shell's part for this visit, in the reader's language. */
export function runBootShell(texts: BootTexts): void {
  const shell = document.getElementById('ob-boot');
  if (!shell) return;
  const defaultLanguage = metaContent('ob-default-language');
  const fallback = LANGUAGES.find((language) => language === defaultLanguage) ?? 'en';
  const language = pickLanguage(storedLanguage(), navigator.languages ?? [navigator.language], fallback);
  document.documentElement.lang = LANGUAGE_BCP47[language];
  document.documentElement.dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';

  const words = texts[language];
  for (const element of shell.querySelectorAll<HTMLElement>('[data-ob-text]')) {
    const key = element.dataset.obText as BootTextKey;
    element.textContent = words[key] ?? '';
  }
  const isMobile = isMobileUserAgent(navigator.userAgent);
  const { pathname } = window.location;
  const view = chooseBootView(pathname, isMobile, isMobile && readShowBoard(pathname));
  shell.dataset.device = view.device;
  shell.dataset.page = view.page;
  shell.dataset.sandbox = String(metaContent('ob-deployment-mode') === 'sandbox');
  // The market page's switch in the state the page will show (green-up or not).
  shell.dataset.greenUp = String(resolveConvention(readChoice(), language) === 'green-up');
}

/** The app's entry module and the modules it imports, as the build wrote them (vite-boot-shell.ts). */
export interface AppModules {
  entry: string;
  preloads: string[];
  /** A first page's chunk and what it needs (modules and stylesheets), by path. */
  pages: Record<string, string[]>;
}

export function parseAppModules(text: string | null | undefined): AppModules | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { entry, preloads, pages = {} } = value as Partial<AppModules>;
    if (typeof entry !== 'string' || !Array.isArray(preloads)) return null;
    if (!preloads.every((href) => typeof href === 'string')) return null;
    if (typeof pages !== 'object' || pages === null) return null;
    return { entry, preloads, pages };
  } catch {
    return null;
  }
}

// If no frame comes (a tab opened in the background paints nothing), the app starts anyway.
const START_WITHOUT_FRAME_MS = 250;

/**
 * Asks for the app's JavaScript once the shell has painted. On a slow phone network the
 * stylesheet and the shell then have the connection to themselves and paint first; the app's
 * modules (most of the first load's bytes) follow a frame later. In the development server
 * there is no module list (Vite's own module script stays in the page) and nothing happens.
 */
export function startAppAfterFirstPaint(modules: AppModules | null, pathname: string): void {
  if (!modules) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const page = Object.hasOwn(modules.pages, pathname) ? (modules.pages[pathname] ?? []) : [];
    for (const href of [...modules.preloads, ...page]) {
      const link = document.createElement('link');
      if (href.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
      }
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = modules.entry;
    document.head.append(script);
  };
  // A frame callback runs just before the first paint; the task it queues runs after it.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, START_WITHOUT_FRAME_MS);
}
