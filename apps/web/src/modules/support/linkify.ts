/**
 * A support message's text as plain pieces (issue 20: links rendered safely, never HTML): text
 * stays text (React writes it as a text node, tags and all), and only `http://` or `https://`
 * addresses become links. A candidate ends at white space, quotes, angle brackets, backticks, backslashes and
 * invisible direction marks (a right-to-left override could disguise the address); trailing
 * punctuation of the sentence is left out. Anything the URL parser does not read as http(s) with
 * a host stays text, so `javascript:`, `data:` and their disguises never become a link.
 */
export type MessagePiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const ADDRESS_CHAR = `[^\\s<>"'\`\\\\/\u200b-\u200f\u202a-\u202e\u2066-\u2069]`;
/** A host right after `//` (a third slash is not a host), then anything up to a stop character. */
const CANDIDATE = new RegExp(`https?://${ADDRESS_CHAR}(?:${ADDRESS_CHAR}|/)*`, 'gi');
/** Closing punctuation that belongs to the sentence, not the address. */
const TRAILING = /[.,;:!?)\]}»”’]+$/;

/** The http(s) address a candidate stands for, or null. */
export function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return url.href;
}

/** Keeps a closing bracket that has its opening one inside the address (a Wikipedia link). */
function trimTrailing(candidate: string): string {
  let end = candidate.length;
  const trailing = TRAILING.exec(candidate);
  if (!trailing) return candidate;
  end = trailing.index;
  let kept = candidate.slice(0, end);
  for (const char of trailing[0]) {
    const opening = char === ')' ? '(' : char === ']' ? '[' : char === '}' ? '{' : null;
    if (opening === null) break;
    const opens = kept.split(opening).length - 1;
    const closes = kept.split(char).length - 1;
    if (opens <= closes) break;
    kept += char;
  }
  return kept;
}

export function linkify(text: string): MessagePiece[] {
  const pieces: MessagePiece[] = [];
  let textStart = 0;
  const pushText = (end: number) => {
    if (end > textStart) {
      const last = pieces[pieces.length - 1];
      const slice = text.slice(textStart, end);
      if (last?.kind === 'text') last.text += slice;
      else pieces.push({ kind: 'text', text: slice });
    }
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    if (href === null) continue;
    pushText(start);
    pieces.push({ kind: 'link', text: candidate, href });
    textStart = start + candidate.length;
  }
  pushText(text.length);
  return pieces;
}
