import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

const links = (text: string) => linkify(text).filter((piece) => piece.kind === 'link');
/** The pieces put back together: nothing of the message is lost or added. */
const joined = (text: string) =>
  linkify(text)
    .map((piece) => piece.text)
    .join('');

describe('linkify', () => {
  it('makes http and https addresses links and keeps the rest as text', () => {
    expect(linkify('See https://example.com/help?a=1&b=2 and http://test.org.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/help?a=1&b=2', href: 'https://example.com/help?a=1&b=2' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://test.org', href: 'http://test.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('answers plain text as one text piece, and an empty text as nothing', () => {
    expect(linkify('Hello, how can I help?')).toEqual([{ kind: 'text', text: 'Hello, how can I help?' }]);
    expect(linkify('')).toEqual([]);
  });

  it('never links javascript:, data: or vbscript: addresses, however written', () => {
    for (const hostile of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      ' javascript://example.com/%0aalert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'java\tscript:alert(1)',
    ]) {
      expect(links(hostile)).toEqual([]);
      expect(joined(hostile)).toBe(hostile);
    }
  });

  it('keeps HTML as text: a tag is never a link, and an address stops at an angle bracket', () => {
    const text = '<img src=x onerror=alert(1)><script>alert(1)</script><a href="https://evil.example">x</a>';
    expect(joined(text)).toBe(text);
    expect(links(text)).toEqual([{ kind: 'link', text: 'https://evil.example', href: 'https://evil.example/' }]);
    expect(links('https://example.com/<script>alert(1)</script>')).toEqual([
      { kind: 'link', text: 'https://example.com/', href: 'https://example.com/' },
    ]);
  });

  it('ends an address at a quote or backtick, so no attribute can be smuggled in', () => {
    expect(links('https://example.com/"onmouseover="alert(1)')).toEqual([
      { kind: 'link', text: 'https://example.com/', href: 'https://example.com/' },
    ]);
    expect(links("https://example.com/'onfocus='alert(1)")[0]?.href).toBe('https://example.com/');
    expect(links('https://example.com/`x`')[0]?.href).toBe('https://example.com/');
  });

  it('ends an address at a backslash, which a browser would read as a slash of another host', () => {
    expect(links('https://evil.example\\@bank.example/')[0]?.href).toBe('https://evil.example/');
  });

  it('ends an address at an invisible direction mark', () => {
    expect(links('https://example.com/\u202egpj.exe')[0]?.href).toBe('https://example.com/');
  });

  it('leaves out the sentence punctuation but keeps a balanced bracket', () => {
    expect(links('(see https://en.wikipedia.org/wiki/Bourse_(disambiguation)).')[0]?.text).toBe(
      'https://en.wikipedia.org/wiki/Bourse_(disambiguation)',
    );
    expect(links('Go to https://example.com/a, then https://example.com/b!').map((piece) => piece.text)).toEqual([
      'https://example.com/a',
      'https://example.com/b',
    ]);
  });

  it('does not link an address without a host', () => {
    expect(links('https:// and http:///path')).toEqual([]);
    expect(safeHref('https://')).toBeNull();
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('ftp://example.com')).toBeNull();
  });
});
