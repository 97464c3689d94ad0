import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies defaults for a bare environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DEFAULT_LANGUAGE).toBe('en');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEPLOYMENT_MODE).toBe('sandbox');
  });

  it('reads and coerces values', () => {
    const config = loadConfig({
      PORT: '9000',
      DEFAULT_LANGUAGE: 'zh',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      DEFAULT_LANGUAGE: 'zh',
      TRUST_PROXY: true,
      DATABASE_URL: 'postgres://u@h/db',
    });
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('refuses invalid values, naming each problem', () => {
    try {
      loadConfig({ PORT: 'eighty', DEFAULT_LANGUAGE: 'pt', DATABASE_URL: 'mysql://x' });
      expect.unreachable('loadConfig accepted an invalid environment');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DEFAULT_LANGUAGE/);
      expect(problems).toMatch(/DATABASE_URL/);
    }
  });
});
