import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies defaults for a bare environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DEFAULT_LANGUAGE).toBe('en');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEPLOYMENT_MODE).toBe('sandbox');
    expect(config.ADMIN_SESSION_IDLE_MINUTES).toBe(30);
  });

  it('reads and coerces values', () => {
    const config = loadConfig({
      PORT: '9000',
      DEFAULT_LANGUAGE: 'zh',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://u@h/db',
      ADMIN_SESSION_IDLE_MINUTES: '15',
    });
    expect(config).toMatchObject({
      ADMIN_SESSION_IDLE_MINUTES: 15,
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

  it('refuses production without SMTP_URL, naming the setting, and accepts it with one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).SMTP_URL).toBe(
      'smtp://mail.example:587',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });

  it('refuses a production deployment without FILE_STORE_KEY, and a key that is not 32 bytes (#15)', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', DEPLOYMENT_MODE: 'production' };
    expect(() => loadConfig(production)).toThrow(/FILE_STORE_KEY/);
    expect(() => loadConfig({ ...production, FILE_STORE_KEY: 'ab'.repeat(16) })).toThrow(/FILE_STORE_KEY/);
    // With a key, nothing about the key is refused (other production settings may still be).
    try {
      expect(loadConfig({ ...production, FILE_STORE_KEY: 'ab'.repeat(32) }).FILE_STORE_KEY).toBe('ab'.repeat(32));
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).not.toMatch(/FILE_STORE_KEY/);
    }
    // A sandbox makes its own key; the upload limit defaults to 2 MiB.
    expect(loadConfig({}).FILE_STORE_KEY).toBeUndefined();
    expect(loadConfig({}).UPLOAD_MAX_BYTES).toBe(2_097_152);
  });

  it('moves the savings clock only in a test deployment (issue 18)', () => {
    expect(loadConfig({}).TEST_CLOCK).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).TEST_CLOCK).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/);
  });
});
