import {
  adminEndpoints,
  CATALOGUE,
  contentAdminEndpoints,
  contentEndpoints,
  identityEndpoints,
  marketEndpoints,
  tradingEndpoints,
} from '@openbourse/contracts/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDownload, callApi, endpointPath, setSessionHooks, toQueryString } from './client';

describe('the API client', () => {
  it('sends GET arrays as repeated keys and skips empty values', () => {
    expect(toQueryString({ marketCodes: ['btc', 'eth'], page: 2, q: undefined, x: null })).toBe(
      '?marketCodes=btc&marketCodes=eth&page=2',
    );
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ q: 'a&b' })).toBe('?q=a%26b');
  });

  it("fills an endpoint's path parameters, encoded", () => {
    expect(endpointPath(marketEndpoints.getMarketInfo.path, { code: 'BRK.B' })).toBe(
      '/swx/customer/index/getMarketInfo/BRK.B',
    );
    expect(endpointPath(contentEndpoints.getContentBySlug.path, { slug: 'a b/c' })).toBe(
      '/swx/customer/index/getContentBySlug/a%20b%2Fc',
    );
    expect(() => endpointPath(tradingEndpoints.order.path, {})).toThrow('missing path parameter orderNo');
  });

  describe('callApi', () => {
    afterEach(() => vi.unstubAllGlobals());
    const answer = (body: unknown, status = 200) =>
      vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));

    it('sends the declared method to the declared path with the query, and unwraps the data', async () => {
      const fetchMock = answer({ code: 200, data: { items: [], total: 0, codes: [] }, msg: 'ok' });
      vi.stubGlobal('fetch', fetchMock);
      const page = await callApi(tradingEndpoints.orders, { query: { status: 'closed', page: 2, size: 20 } });
      expect(page).toEqual({ items: [], total: 0, codes: [] });
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('/swx/customer/contracts/orders?status=closed&page=2&size=20');
      expect(init?.method).toBe('GET');
      expect(init?.body).toBeUndefined();
    });

    it('posts the body as JSON (an empty object when the endpoint takes none)', async () => {
      const fetchMock = answer({ code: 200, data: { onlineService: false, email: null }, msg: 'ok' });
      vi.stubGlobal('fetch', fetchMock);
      await callApi(contentEndpoints.customerServiceFooter, {});
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('/swx/customer/customer-service/footer');
      expect(init?.method).toBe('POST');
      expect(init?.body).toBe('{}');
    });

    it('10009 signs out on a user route but not on a back-office route, where it names the user looked up (#14)', async () => {
      const onUserNotFound = vi.fn();
      setSessionHooks({ onUserNotFound });
      vi.stubGlobal('fetch', answer({ code: 10009, data: null, msg: 'User not found' }, 404));
      await expect(callApi(adminEndpoints.user, { params: { id: '999' } })).rejects.toMatchObject({ code: 10009 });
      expect(onUserNotFound).not.toHaveBeenCalled();
      await expect(callApi(identityEndpoints.getUserInfo, {})).rejects.toMatchObject({ code: 10009 });
      expect(onUserNotFound).toHaveBeenCalledTimes(1);
      setSessionHooks({ onUserNotFound: () => undefined });
    });

    it('sends a PUT as PUT, with its body (the content editor, #14)', async () => {
      const fetchMock = answer({ code: 200, data: [], msg: 'ok' });
      vi.stubGlobal('fetch', fetchMock);
      await callApi(contentAdminEndpoints.saveLink, {
        params: { type: 'discord' },
        body: { url: 'https://discord.gg/x' },
      });
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('/swx/admin/content/links/discord');
      expect(init?.method).toBe('PUT');
      expect(init?.body).toBe('{"url":"https://discord.gg/x"}');
    });

    it("throws the server's code and message for a refusal", async () => {
      vi.stubGlobal('fetch', answer({ code: 10016, data: null, msg: 'Purchase amount is wrong' }, 400));
      const refused = callApi(tradingEndpoints.close, { body: { orderNo: 'P1', lots: '0' } });
      await expect(refused).rejects.toBeInstanceOf(ApiError);
      await expect(refused).rejects.toMatchObject({ code: 10016, msg: 'Purchase amount is wrong' });
    });

    describe('an operator without two-factor (10144, #14)', () => {
      const refusal = {
        code: CATALOGUE.OPERATOR_TOTP_REQUIRED.code,
        data: null,
        msg: 'Turn on two-factor authentication in your profile to use the back office.',
      };
      const hooks = { onOperatorTwoFactorRequired: vi.fn(), onUnauthorized: vi.fn() };
      afterEach(() => {
        hooks.onOperatorTwoFactorRequired.mockReset();
        hooks.onUnauthorized.mockReset();
        setSessionHooks({ onOperatorTwoFactorRequired: () => undefined, onUnauthorized: () => undefined });
      });

      it('sends them to set it up and still fails the call with the code and message', async () => {
        setSessionHooks(hooks);
        vi.stubGlobal('fetch', answer(refusal, 403));
        const refused = callApi(adminEndpoints.auditLog, { query: {} });
        await expect(refused).rejects.toMatchObject({ code: refusal.code, msg: refusal.msg });
        expect(hooks.onOperatorTwoFactorRequired).toHaveBeenCalledTimes(1);
        expect(hooks.onUnauthorized).not.toHaveBeenCalled();
      });

      it('does the same for a download', async () => {
        setSessionHooks(hooks);
        vi.stubGlobal('fetch', answer(refusal, 403));
        await expect(apiDownload({ path: '/swx/admin/some-export' })).rejects.toMatchObject({ code: refusal.code });
        expect(hooks.onOperatorTwoFactorRequired).toHaveBeenCalledTimes(1);
      });

      it('leaves the other refusals alone, the sign-in step 10116 included', async () => {
        setSessionHooks(hooks);
        vi.stubGlobal('fetch', answer({ code: CATALOGUE.TOTP_REQUIRED.code, data: null, msg: 'code' }, 400));
        await expect(callApi(identityEndpoints.totpSetup, {})).rejects.toBeInstanceOf(ApiError);
        vi.stubGlobal('fetch', answer({ code: CATALOGUE.FORBIDDEN.code, data: null, msg: 'no' }, 403));
        await expect(callApi(adminEndpoints.auditLog, { query: {} })).rejects.toBeInstanceOf(ApiError);
        expect(hooks.onOperatorTwoFactorRequired).not.toHaveBeenCalled();
      });
    });
  });
});
