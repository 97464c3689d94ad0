import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Our own instance: marked's global options are shared process-wide.
const marked = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/**
 * Markdown → HTML that is safe to insert into the page: only structural tags, links only to
 * http(s), mailto or relative paths (no `javascript:`), no attributes that run code, and
 * external links open without handing the opener over.
 */
export function renderMarkdown(markdown: string): string {
  const raw = marked.parse(markdown) as string;
  return sanitizeHtml(raw, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], th: ['align'], td: ['align'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const isExternal = /^https?:\/\//i.test(href);
        return {
          tagName,
          attribs: isExternal
            ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' }
            : { href, ...(attribs.title ? { title: attribs.title } : {}) },
        };
      },
    },
  });
}

// What saving refuses (10150): the renderer would strip these anyway, but an operator who typed
// them meant something the public page will not show, so they hear it at once (#14).
const UNSAFE_PATTERNS: Array<{ pattern: RegExp; what: string }> = [
  {
    pattern: /<\s*\/?\s*(script|iframe|object|embed|style)\b/i,
    what: 'a <script>, <iframe>, <object>, <embed> or <style> tag',
  },
  { pattern: /<[^>]*\son[a-z]+\s*=/i, what: 'an event handler attribute (on…=)' },
  { pattern: /(javascript|vbscript)\s*:/i, what: 'a javascript: or vbscript: link' },
  { pattern: /\]\(\s*<?\s*data\s*:/i, what: 'a data: link' },
];

/** Why this Markdown holds something that would run code (null when it holds nothing such). */
export function findUnsafeMarkdown(markdown: string): string | null {
  // Entities (`&#106;avascript:`) would hide a scheme from the patterns: decode them first.
  const decoded = markdown.replace(/&#(x[0-9a-f]+|[0-9]+);?/gi, (_, code: string) =>
    String.fromCodePoint(code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code)),
  );
  for (const { pattern, what } of UNSAFE_PATTERNS) if (pattern.test(decoded)) return what;
  return null;
}
