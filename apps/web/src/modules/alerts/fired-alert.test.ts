import { readFileSync } from 'node:fs';
import type { TAlert } from '@openbourse/contracts';
import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../market/fake-socket.testkit';
import { createMarketSocket, parseServerMessage } from '../market/market-socket';
import {
  alertInstrumentHref,
  createFiredAlertHandler,
  type FiredAlert,
  firedAlertTexts,
  parseFiredAlert,
  refreshAfterAlert,
} from './fired-alert';

/** The toast's texts as the app loads them (`alerts.toast.*`). */
const toastTexts = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`./locales/toast.${language}.json`, import.meta.url), 'utf8'));

/** A fired alert exactly as the server's alert engine pushes it (`toWire` of the fired row). */
const FIRED: TAlert = {
  id: '42',
  code: 'AVAXUSDT',
  direction: 'above',
  price: '30.04',
  status: 'fired',
  createdAt: '2026-11-26T10:00:00.000Z',
  firedAt: '2026-11-26T10:05:00.000Z',
  firedPrice: '30.05',
};

describe('a fired alert from the socket', () => {
  it('is read with the contract’s schema; malformed or unfired ones are refused', () => {
    expect(parseFiredAlert(FIRED)).toEqual(FIRED);
    expect(parseFiredAlert({ ...FIRED, direction: 'sideways' })).toBeNull();
    expect(parseFiredAlert({ ...FIRED, price: 30.04 })).toBeNull();
    expect(parseFiredAlert({ ...FIRED, code: undefined })).toBeNull();
    expect(parseFiredAlert({ ...FIRED, status: 'active', firedAt: null, firedPrice: null })).toBeNull();
    expect(parseFiredAlert({ ...FIRED, status: 'active' })).toBeNull();
    expect(parseFiredAlert({ ...FIRED, firedPrice: null })).toBeNull();
    expect(parseFiredAlert('42')).toBeNull();
    expect(parseFiredAlert(null)).toBeNull();
  });

  it('reaches the alert listeners from `{ op: "alert" }` once the socket signed in', () => {
    expect(parseServerMessage(JSON.stringify({ op: 'alert', data: FIRED }))).toEqual({ kind: 'alert', data: FIRED });
    expect(parseServerMessage(JSON.stringify({ op: 'alert', data: null }))).toEqual({ kind: 'invalid' });
    expect(parseServerMessage(JSON.stringify({ op: 'alert' }))).toEqual({ kind: 'invalid' });

    const token = 'b'.repeat(43);
    const client = createMarketSocket({
      WebSocketImpl: FakeSocket,
      url: () => 'ws://test/swx/customer/message',
      getToken: () => token,
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    const seen: unknown[] = [];
    let signedIn = 0;
    const stop = client.subscribeAlerts(
      (data) => seen.push(data),
      () => {
        signedIn += 1;
      },
    );
    const socket = FakeSocket.instances.at(-1) as FakeSocket;
    socket.open();
    // An alert listener alone signs the socket in: alerts are the user's.
    expect(socket.sent).toEqual([{ op: 'auth', token }]);
    socket.receive({ op: 'authenticated', ok: true });
    expect(signedIn).toBe(1);
    socket.receive({ op: 'alert', data: FIRED });
    socket.receive({ op: 'notification', data: { id: '9' } });
    expect(seen).toEqual([FIRED]);
    stop();
    socket.receive({ op: 'alert', data: { ...FIRED, id: '43' } });
    expect(seen).toHaveLength(1);
  });

  it('refreshes the alerts and the notifications, and is shown once; a malformed one changes nothing', async () => {
    const queryClient = new QueryClient();
    const keys = {
      alerts: ['alerts', 'list', 'token'],
      unread: ['notify', 'unread', 'token'],
      notifications: ['notify', 'list', 'token', 1, false],
      positions: ['trading', 'orders', 'open'],
    } as const;
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { cached: true });
    const invalidated = () =>
      Object.entries(keys)
        .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
        .map(([name]) => name);
    const shown: FiredAlert[] = [];
    const warnings: string[] = [];
    const handle = createFiredAlertHandler({
      refresh: () => refreshAfterAlert(queryClient),
      show: (alert) => shown.push(alert),
      warn: (message) => warnings.push(message),
    });

    expect(handle({ ...FIRED, firedPrice: 30.05 })).toBe(false);
    expect(handle({ op: 'alert' })).toBe(false);
    await Promise.resolve();
    expect(invalidated()).toEqual([]);
    expect(shown).toEqual([]);
    expect(warnings).toHaveLength(2);

    expect(handle(FIRED)).toBe(true);
    await Promise.resolve();
    expect(invalidated()).toEqual(['alerts', 'unread', 'notifications']);
    expect(shown).toEqual([FIRED]);

    // The same alert again (a second delivery): read again, not toasted twice.
    expect(handle(FIRED)).toBe(false);
    expect(shown).toHaveLength(1);
    expect(handle({ ...FIRED, id: '43', direction: 'below', price: '29', firedPrice: '28.9' })).toBe(true);
    expect(shown.map((alert) => alert.id)).toEqual(['42', '43']);
  });

  it('is told in the reader’s language: instrument, direction, level and price, with a link to the instrument', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: {
        en: { translation: { alerts: { toast: toastTexts('en') } } },
        de: { translation: { alerts: { toast: toastTexts('de') } } },
      },
      interpolation: { escapeValue: false },
    });
    const alert = parseFiredAlert(FIRED) as FiredAlert;
    expect(firedAlertTexts(alert, (key, options) => i18n.t(key, options), 'en')).toEqual({
      title: 'Price alert: AVAXUSDT',
      message: 'AVAXUSDT is now above 30.04: it traded at 30.05.',
      open: 'Open AVAXUSDT',
    });

    await i18n.changeLanguage('de');
    const below = { ...alert, code: 'BTCUSDT', direction: 'below' as const, price: '61000.5', firedPrice: '60999.25' };
    expect(firedAlertTexts(below, (key, options) => i18n.t(key, options), 'de')).toEqual({
      title: 'Preisalarm: BTCUSDT',
      message: 'BTCUSDT liegt jetzt unter 61.000,5: gehandelt zu 60.999,25.',
      open: 'BTCUSDT öffnen',
    });
    expect(alertInstrumentHref('BTCUSDT')).toBe('/cruuency?code=BTCUSDT');
  });
});
