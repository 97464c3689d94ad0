import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@openbourse/contracts/constants';
import { describe, expect, it } from 'vitest';
import { deferAppModules, readBootTexts, writeDefaultTexts } from '../../vite-boot-shell';
import { BOOT_TEXT_KEYS, chooseBootView, parseAppModules } from './boot-shell';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('chooseBootView', () => {
  it('greets a phone first visit to / with the board, and never a desktop', () => {
    expect(chooseBootView('/', true, true)).toEqual({ device: 'mobile', page: 'board' });
    expect(chooseBootView('/', false, true)).toEqual({ device: 'desktop', page: 'home' });
  });

  it('shows the home headline, the market header or only the bars by path', () => {
    expect(chooseBootView('/', true, false)).toEqual({ device: 'mobile', page: 'home' });
    expect(chooseBootView('/market', false, false)).toEqual({ device: 'desktop', page: 'market' });
    expect(chooseBootView('/cruuency', true, false)).toEqual({ device: 'mobile', page: 'other' });
  });
});

describe('parseAppModules', () => {
  it('reads the module list the build writes', () => {
    const text = JSON.stringify({ entry: '/assets/index.js', preloads: ['/assets/a.js'], pages: { '/': ['/b.js'] } });
    expect(parseAppModules(text)).toEqual({
      entry: '/assets/index.js',
      preloads: ['/assets/a.js'],
      pages: { '/': ['/b.js'] },
    });
  });

  it('answers null for the development placeholder and malformed lists', () => {
    expect(parseAppModules('__OB_APP_MODULES__')).toBeNull();
    expect(parseAppModules(JSON.stringify({ entry: 3, preloads: [] }))).toBeNull();
    expect(parseAppModules(JSON.stringify({ entry: '/x.js', preloads: [1] }))).toBeNull();
    expect(parseAppModules(undefined)).toBeNull();
  });
});

describe('the boot shell build step', () => {
  it('has every shell text in every language, none empty', () => {
    const texts = readBootTexts(path.join(webRoot, 'src/locales'));
    for (const language of LANGUAGES) {
      for (const key of BOOT_TEXT_KEYS) expect(texts[language][key], `${language} ${key}`).not.toBe('');
    }
    expect(texts.ja['onboarding.title']).not.toBe(texts.en['onboarding.title']);
  });

  it("writes the English texts into index.html's shell and refuses a key it does not know", () => {
    const english = readBootTexts(path.join(webRoot, 'src/locales')).en;
    const html = '<h1 data-ob-text="home.headline">old</h1><p data-ob-text="app.name"></p>';
    expect(writeDefaultTexts(html, english)).toBe(
      `<h1 data-ob-text="home.headline">${english['home.headline']}</h1><p data-ob-text="app.name">${english['app.name']}</p>`,
    );
    expect(() => writeDefaultTexts('<p data-ob-text="nope.key">x</p>', english)).toThrow(/nope\.key/);
    // Every text element of the real index.html names a known key.
    const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    expect(() => writeDefaultTexts(indexHtml, english)).not.toThrow();
  });

  it('moves the module script and preloads into the list, leaving the stylesheets', () => {
    const html = [
      '<head>',
      '  <script type="module" crossorigin src="/assets/index-A.js"></script>',
      '  <link rel="modulepreload" crossorigin href="/assets/react-B.js">',
      '  <link rel="stylesheet" crossorigin href="/assets/index-C.css">',
      '</head><script type="application/json" id="ob-app-modules">__OB_APP_MODULES__</script>',
    ].join('\n');
    const pages = { '/market': ['/assets/Market-D.js', '/assets/react-B.js', '/assets/index-C.css', '/assets/M.css'] };
    const out = deferAppModules(html, pages);
    expect(out).not.toContain('type="module"');
    expect(out).not.toContain('modulepreload');
    expect(out).toContain('rel="stylesheet" crossorigin href="/assets/index-C.css"');
    const list = parseAppModules(out.match(/id="ob-app-modules">([^<]*)</)?.[1]);
    expect(list).toEqual({
      entry: '/assets/index-A.js',
      preloads: ['/assets/react-B.js'],
      pages: { '/market': ['/assets/Market-D.js', '/assets/M.css'] },
    });
    expect(() => deferAppModules('<p></p>', {})).toThrow(/one module script/);
  });
});
