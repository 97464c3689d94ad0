import { SUPPORT_VISITOR_STORAGE_KEY } from '@openbourse/contracts/constants';

/**
 * What every page knows of the built-in support chat (issue 20) without loading it: how to open
 * it (the floating button registers itself; "Contact support" links call `openSupportChat`) and
 * the support visitor's token kept in this browser. The chat itself is a lazily loaded module.
 */

type Opener = () => void;
let opener: Opener | null = null;

/** The mounted chat launcher registers how to open the chat; answers the function that unregisters it. */
export function registerSupportChatOpener(open: Opener): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

/** Opens the built-in chat where a launcher is mounted; false when none is (the caller goes to the page). */
export function openSupportChat(): boolean {
  if (!opener) return false;
  opener();
  return true;
}

const tokenListeners = new Set<() => void>();
/** The token as last stored here: what a browser without storage (private mode) keeps for this page. */
let memoryToken: string | null = null;
const isToken = (token: string | null): token is string => Boolean(token && /^[\x21-\x7e]{10,200}$/.test(token));

/** A support visitor's token in this browser (SUPPORT_VISITOR_STORAGE_KEY), or null. */
export function readSupportVisitorToken(): string | null {
  try {
    const token = localStorage.getItem(SUPPORT_VISITOR_STORAGE_KEY);
    return isToken(token) ? token : isToken(memoryToken) ? memoryToken : null;
  } catch {
    return isToken(memoryToken) ? memoryToken : null;
  }
}

/** Keeps (or forgets, with null) the visitor's token and tells whoever follows it. */
export function storeSupportVisitorToken(token: string | null): void {
  memoryToken = token;
  try {
    if (token === null) localStorage.removeItem(SUPPORT_VISITOR_STORAGE_KEY);
    else localStorage.setItem(SUPPORT_VISITOR_STORAGE_KEY, token);
  } catch {
    // Private mode: the visitor's chat lasts for this page only (kept in memoryToken).
  }
  for (const listener of [...tokenListeners]) listener();
}

/** Calls `listener` whenever the visitor's token is stored or forgotten; answers the function that stops it. */
export function followSupportVisitorToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Whether a customer-service answer is this app's own chat page (SUPPORT_CHAT_PATH) rather than an outside chat. */
export function isOwnSupportChatUrl(url: string, chatPath: string, origin: string = window.location.origin): boolean {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && parsed.pathname.replace(/\/+$/, '') === chatPath;
  } catch {
    return false;
  }
}
