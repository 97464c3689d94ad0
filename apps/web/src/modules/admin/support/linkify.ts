/**
 * Links in a chat message, found in its plain text (issue 20: "links in messages rendered
 * safely; no HTML"): the text is cut into pieces of text and http(s) links, each rendered as a
 * React text node or an anchor whose href is the parsed URL. Nothing is ever parsed as HTML, and
 * any other scheme (javascript:, data:, mailto:) stays plain text.
 */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** A candidate: http:// or https:// and everything up to the next space or angle bracket or quote. */
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than a URL ("see https://a.example/x."). */
const TRAILING = /[.,;:!?)\]}'"»”’]+$/;

/** The URL a candidate names, or null when it is not a well-formed http(s) URL with a host. */
function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return url.href;
}

/** Drops trailing punctuation, but keeps a closing bracket whose opening one is in the URL (a Wikipedia link). */
function trimTrailing(candidate: string): string {
  let text = candidate;
  for (;;) {
    const match = TRAILING.exec(text);
    if (!match) return text;
    const last = text.slice(-1);
    if (last === ')' && (text.match(/\(/g)?.length ?? 0) >= (text.match(/\)/g)?.length ?? 0)) return text;
    text = text.slice(0, -1);
  }
}

export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let position = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    if (href === null) continue;
    if (start > position) pieces.push({ kind: 'text', text: text.slice(position, start) });
    pieces.push({ kind: 'link', text: candidate, href });
    position = start + candidate.length;
  }
  if (position < text.length) pieces.push({ kind: 'text', text: text.slice(position) });
  return pieces;
}
