import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('links in a chat message', () => {
  it('makes http and https addresses links and leaves the rest text', () => {
    expect(linkify('See https://openbourse.example/help?q=1#top and http://a.example now')).toEqual([
      { kind: 'text', text: 'See ' },
      {
        kind: 'link',
        text: 'https://openbourse.example/help?q=1#top',
        href: 'https://openbourse.example/help?q=1#top',
      },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://a.example', href: 'http://a.example/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves sentence punctuation outside the link, but keeps a bracket that belongs to it', () => {
    expect(linkify('Read https://a.example/x.')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' },
      { kind: 'text', text: '.' },
    ]);
    expect(linkify('(https://en.wikipedia.org/wiki/Bond_(finance))')).toEqual([
      { kind: 'text', text: '(' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Bond_(finance)',
        href: 'https://en.wikipedia.org/wiki/Bond_(finance)',
      },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never makes a link of another scheme or of markup', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:a@example.com',
      '<a href="javascript:alert(1)">x</a>',
      'https://',
    ]) {
      expect(linkify(text).every((piece) => piece.kind === 'text')).toBe(true);
      expect(
        linkify(text)
          .map((piece) => piece.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('stops a link at a quote or an angle bracket, so markup in the text stays text', () => {
    const pieces = linkify('<a href="https://evil.example/">click</a>');
    expect(pieces.filter((piece) => piece.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://evil.example/', href: 'https://evil.example/' },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe('<a href="https://evil.example/">click</a>');
  });

  it('keeps an empty or link-free text as it is', () => {
    expect(linkify('')).toEqual([]);
    expect(linkify('Hello, how can I help?')).toEqual([{ kind: 'text', text: 'Hello, how can I help?' }]);
  });
});
