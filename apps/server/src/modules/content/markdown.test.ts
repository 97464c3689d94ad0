import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.js';

describe('renderMarkdown', () => {
  it('renders headings, lists and tables', () => {
    const html = renderMarkdown('## Fees\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toContain('<h2>Fees</h2>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>2</td>');
  });

  it('strips script tags and their content', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> world');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('Hello');
  });

  it('drops javascript: links but keeps the text', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) and <a href="JaVaScRiPt:alert(2)">x</a>');
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('click');
  });

  it('removes event-handler attributes and inline images that could beacon', () => {
    const html = renderMarkdown('<p onclick="steal()">hi</p><img src="https://x.test/p.gif" onerror="steal()">');
    expect(html).not.toMatch(/onclick|onerror|<img/i);
  });

  it('keeps relative links and marks external ones noopener', () => {
    const html = renderMarkdown('[help](/help) and [site](https://example.org)');
    expect(html).toContain('<a href="/help">help</a>');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
