/** SPEC §2: `showBoard` in session storage; 0 (or nothing yet) shows the board, 1 the app. */
export const BOARD_KEY = 'showBoard';

/**
 * Whether the onboarding board greets this visit. It greets a visit that starts at the home page
 * only: a deep link (an instrument shared in a chat, a page from an e-mail) opens the page asked
 * for, never the board (issue 16, fix 9). Read by the mobile shell and by the boot shell
 * (src/boot), which paints the same board before the JavaScript arrives.
 */
export function readShowBoard(pathname: string): boolean {
  if (pathname !== '/') return false;
  try {
    return sessionStorage.getItem(BOARD_KEY) !== '1';
  } catch {
    return false;
  }
}
