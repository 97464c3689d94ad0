import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registeredRoutes } from './route.js';

describe('the platform around the modules', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('serves every API route with exactly the auth level the access table below gives it', () => {
    // The access matrix of the API as it stands: a route made public by mistake, a route that
    // stops being served, or a new route no one decided about fails here. (A new route is added
    // to this table with the level it needs.)
    const served = testApp.app.routeTable
      .filter((route) => ['/swx/', '/__test', '/market-logos'].some((prefix) => route.url.startsWith(prefix)))
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ ...route, method })),
      )
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url} ${route.auth}`);
    expect([...new Set(served)].sort()).toEqual([
      'DELETE /swx/admin/content/items/:id/translations/:lang admin',
      'DELETE /swx/customer/alerts/:id user',
      'DELETE /swx/customer/user/watchlist user',
      'DELETE /swx/customer/user/withdrawalAddresses/:id live-user',
      'GET /market-logos/:file public',
      'GET /swx/admin/audit-log admin',
      'GET /swx/admin/content/items admin',
      'GET /swx/admin/content/items/:id admin',
      'GET /swx/admin/content/links admin',
      'GET /swx/admin/content/params admin',
      'GET /swx/admin/content/settings admin',
      'GET /swx/admin/dashboard operator',
      'GET /swx/admin/instruments admin',
      'GET /swx/admin/instruments/:code/closures admin',
      'GET /swx/admin/instruments/fee-schedule admin',
      'GET /swx/admin/invite-rewards admin',
      'GET /swx/admin/loan-settings admin',
      'GET /swx/admin/options-expiries admin',
      'GET /swx/admin/options-products admin',
      'GET /swx/admin/payment-settings admin',
      'GET /swx/admin/queues reviewer',
      'GET /swx/admin/queues/:kind reviewer',
      'GET /swx/admin/savings-products admin',
      'GET /swx/admin/smart-products admin',
      'GET /swx/admin/support/agents support',
      'GET /swx/admin/support/canned-replies support',
      'GET /swx/admin/support/conversations support',
      'GET /swx/admin/support/conversations/:id support',
      'GET /swx/admin/support/files/:fileId support',
      'GET /swx/admin/treasury/chain admin',
      'GET /swx/admin/uploads/:id reviewer',
      'GET /swx/admin/users support',
      'GET /swx/admin/users/:id support',
      'GET /swx/admin/users/:id/positions support',
      'GET /swx/admin/users/:id/statement support',
      'GET /swx/customer/alerts user',
      'GET /swx/customer/allOrders/all user',
      'GET /swx/customer/contracts/order/:orderNo user',
      'GET /swx/customer/contracts/orders user',
      'GET /swx/customer/financial/myOrders live-user',
      'GET /swx/customer/index/getContentBySlug/:slug public',
      'GET /swx/customer/index/getContentsById/:id public',
      'GET /swx/customer/index/getCustomContents public',
      'GET /swx/customer/index/getKValueByCodeAndDate public',
      'GET /swx/customer/index/getMarketInfo/:code public',
      'GET /swx/customer/index/getParamByKey/:key public',
      'GET /swx/customer/index/getPrice/:id public',
      'GET /swx/customer/index/links public',
      'GET /swx/customer/index/listContents/:type public',
      'GET /swx/customer/index/listFinancialProducts public',
      'GET /swx/customer/index/listHelp public',
      'GET /swx/customer/index/listLoanSettings public',
      'GET /swx/customer/index/listMarketByType public',
      'GET /swx/customer/index/listSmartProducts public',
      'GET /swx/customer/index/searchContents public',
      'GET /swx/customer/index/stats public',
      'GET /swx/customer/login/areaCodes public',
      'GET /swx/customer/login/authSettings public',
      'GET /swx/customer/login/captchaConfig public',
      'GET /swx/customer/login/checkUserNameOrPhone public',
      'GET /swx/customer/login/googleConfig public',
      'GET /swx/customer/market/realtime-price/:code public',
      'GET /swx/customer/market/realtime-prices public',
      'GET /swx/customer/message public',
      'GET /swx/customer/order/getOptionsOrderById/:id user',
      'GET /swx/customer/order/listOptionsOrder user',
      'GET /swx/customer/order/listSmartOrder live-user',
      'GET /swx/customer/settings/public public',
      'GET /swx/customer/support/conversations user',
      'GET /swx/customer/support/conversations/:id/messages user',
      'GET /swx/customer/support/files/:fileId user',
      'GET /swx/customer/support/visitor/conversations public',
      'GET /swx/customer/support/visitor/conversations/:id/messages public',
      'GET /swx/customer/support/visitor/files/:fileId public',
      'GET /swx/customer/upload/:id user',
      'GET /swx/customer/user/accountSummary user',
      'GET /swx/customer/user/appropriateness user',
      'GET /swx/customer/user/balances user',
      'GET /swx/customer/user/depositAddress live-user',
      'GET /swx/customer/user/identification user',
      'GET /swx/customer/user/invite user',
      'GET /swx/customer/user/listLoanRecord live-user',
      'GET /swx/customer/user/listOptionsConfig public',
      'GET /swx/customer/user/listRecharge live-user',
      'GET /swx/customer/user/listWithdrwal live-user',
      'GET /swx/customer/user/loan/:id live-user',
      'GET /swx/customer/user/loan/:id/agreement.pdf live-user',
      'GET /swx/customer/user/notificationSettings user',
      'GET /swx/customer/user/onboarding user',
      'GET /swx/customer/user/security/recoveryCodes user',
      'GET /swx/customer/user/security/sessions user',
      'GET /swx/customer/user/security/signIns user',
      'GET /swx/customer/user/statement user',
      'GET /swx/customer/user/statement.csv user',
      'GET /swx/customer/user/watchlist user',
      'GET /swx/customer/user/withdrawal/quote live-user',
      'GET /swx/customer/user/withdrawalAddresses live-user',
      'GET /swx/customer/wallet/auth-status live-user',
      'GET /swx/customer/wallet/link-message live-user',
      'GET /swx/customer/wallet/public/config public',
      'POST /swx/admin/content/items admin',
      'POST /swx/admin/content/items/:id admin',
      'POST /swx/admin/content/preview admin',
      'POST /swx/admin/instruments/:code admin',
      'POST /swx/admin/instruments/:code/closures admin',
      'POST /swx/admin/instruments/:code/closures/:id/cancel admin',
      'POST /swx/admin/instruments/fee-schedule/:assetClass admin',
      'POST /swx/admin/invite-rewards admin',
      'POST /swx/admin/ledger/adjust admin',
      'POST /swx/admin/loan-settings admin',
      'POST /swx/admin/loan-settings/:id admin',
      'POST /swx/admin/loan-settings/:id/enabled admin',
      'POST /swx/admin/options-expiries/:id/settlement admin',
      'POST /swx/admin/options-products admin',
      'POST /swx/admin/options-products/:id admin',
      'POST /swx/admin/options-products/:id/enabled admin',
      'POST /swx/admin/options-products/:id/expiries admin',
      'POST /swx/admin/payment-settings/:asset admin',
      'POST /swx/admin/queues/:kind/:id/approve reviewer',
      'POST /swx/admin/queues/:kind/:id/claim reviewer',
      'POST /swx/admin/queues/:kind/:id/reject reviewer',
      'POST /swx/admin/savings-products admin',
      'POST /swx/admin/savings-products/:id admin',
      'POST /swx/admin/savings-products/:id/status admin',
      'POST /swx/admin/smart-products admin',
      'POST /swx/admin/smart-products/:id admin',
      'POST /swx/admin/smart-products/:id/backtest admin',
      'POST /swx/admin/smart-products/:id/enabled admin',
      'POST /swx/admin/support/canned-replies support',
      'POST /swx/admin/support/canned-replies/:id support',
      'POST /swx/admin/support/canned-replies/:id/delete support',
      'POST /swx/admin/support/conversations/:id/assign support',
      'POST /swx/admin/support/conversations/:id/close support',
      'POST /swx/admin/support/conversations/:id/marks support',
      'POST /swx/admin/support/conversations/:id/messages support',
      'POST /swx/admin/support/conversations/:id/reopen support',
      'POST /swx/admin/support/conversations/:id/typing support',
      'POST /swx/admin/users/:id/demo/reset admin',
      'POST /swx/admin/users/:id/level admin',
      'POST /swx/admin/users/:id/sessions/:sessionId/revoke support',
      'POST /swx/admin/users/:id/sessions/revoke-all support',
      'POST /swx/admin/users/:id/status admin',
      'POST /swx/customer/alerts user',
      'POST /swx/customer/contracts/amend user',
      'POST /swx/customer/contracts/cancel user',
      'POST /swx/customer/contracts/close user',
      'POST /swx/customer/contracts/open user',
      'POST /swx/customer/customer-service/footer public',
      'POST /swx/customer/customer-service/type public',
      'POST /swx/customer/customer/heartbeat user',
      'POST /swx/customer/customer/offline user',
      'POST /swx/customer/financial/invest live-user',
      'POST /swx/customer/financial/redeem live-user',
      'POST /swx/customer/login/login public',
      'POST /swx/customer/login/loginByGoogle public',
      'POST /swx/customer/login/logout user',
      'POST /swx/customer/login/register public',
      'POST /swx/customer/login/resetPassword public',
      'POST /swx/customer/login/secondFactor public',
      'POST /swx/customer/login/sendCode public',
      'POST /swx/customer/login/walletLogin public',
      'POST /swx/customer/login/walletNonce public',
      'POST /swx/customer/order/buyOptions user',
      'POST /swx/customer/order/buySmart live-user',
      'POST /swx/customer/order/closeOptions user',
      'POST /swx/customer/order/exitSmart live-user',
      'POST /swx/customer/settings/key public',
      'POST /swx/customer/support/conversations user',
      'POST /swx/customer/support/conversations/:id/marks user',
      'POST /swx/customer/support/conversations/:id/messages user',
      'POST /swx/customer/support/conversations/:id/rating user',
      'POST /swx/customer/support/conversations/:id/typing user',
      'POST /swx/customer/support/visitor/conversations public',
      'POST /swx/customer/support/visitor/conversations/:id/marks public',
      'POST /swx/customer/support/visitor/conversations/:id/messages public',
      'POST /swx/customer/support/visitor/conversations/:id/rating public',
      'POST /swx/customer/support/visitor/conversations/:id/typing public',
      'POST /swx/customer/upload user',
      'POST /swx/customer/user/appropriateness user',
      'POST /swx/customer/user/demo/reset user',
      'POST /swx/customer/user/getNotificationList user',
      'POST /swx/customer/user/getUserInfo user',
      'POST /swx/customer/user/identification user',
      'POST /swx/customer/user/loan live-user',
      'POST /swx/customer/user/loan/:id/cancel live-user',
      'POST /swx/customer/user/loan/:id/collateral live-user',
      'POST /swx/customer/user/loan/:id/repaymentApplication live-user',
      'POST /swx/customer/user/loan/:id/sign live-user',
      'POST /swx/customer/user/markNotificationRead user',
      'POST /swx/customer/user/notificationSettings user',
      'POST /swx/customer/user/onboarding user',
      'POST /swx/customer/user/recharge live-user',
      'POST /swx/customer/user/recharge/track live-user',
      'POST /swx/customer/user/repassword user',
      'POST /swx/customer/user/repayLoan live-user',
      'POST /swx/customer/user/security/recoveryCodes user',
      'POST /swx/customer/user/security/sessions/revoke user',
      'POST /swx/customer/user/security/sessions/revokeOthers user',
      'POST /swx/customer/user/totp/disable user',
      'POST /swx/customer/user/totp/enable user',
      'POST /swx/customer/user/totp/setup user',
      'POST /swx/customer/user/watchlist user',
      'POST /swx/customer/user/withdrawal live-user',
      'POST /swx/customer/user/withdrawalAddresses live-user',
      'POST /swx/customer/user/withdrawalAddresses/confirm public',
      'POST /swx/customer/wallet/auth live-user',
      'PUT /swx/admin/content/items/:id/translations/:lang admin',
      'PUT /swx/admin/content/links/:type admin',
      'PUT /swx/admin/content/params/:key admin',
      'PUT /swx/admin/content/settings/:key admin',
    ]);
  });

  it('registers each declared route with the auth level it declared, and serves it', () => {
    const table = new Map(testApp.app.routeTable.map((route) => [`${String(route.method)} ${route.url}`, route.auth]));
    const declared = registeredRoutes(testApp.app);
    expect(declared.length).toBeGreaterThan(50);
    for (const route of declared) {
      expect(table.get(`${route.method} ${route.path}`), `${route.method} ${route.path}`).toBe(route.auth);
    }
    // The platform's own routes and the web app's fallback are there too.
    expect([...table.keys()]).toEqual(
      expect.arrayContaining(['GET /healthz', 'GET /readyz', 'GET /metrics', 'GET /docs', 'GET /*']),
    );
  });

  it('refuses to register a route without an auth level', async () => {
    let error: unknown = null;
    const { close } = await createTestApp({}, (unready) => {
      try {
        unready.get('/no-auth-declared', async () => 'x');
      } catch (thrown) {
        error = thrown;
      }
    });
    await close();
    expect(String(error)).toMatch(/declares no auth level/);
  });

  it('answers healthz, readyz and metrics', async () => {
    expect((await testApp.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await testApp.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
    await testApp.app.inject({ method: 'DELETE', url: '/no/such/route' });
    const metrics = await testApp.app.inject('/metrics');
    expect(metrics.body).toMatch(/http_request_duration_seconds/);
    // Labelled by route pattern and status; requests no route matched share one label.
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1/,
    );
    expect(metrics.body).toMatch(
      /http_request_duration_seconds_count\{method="DELETE",route="unmatched",status="404"\} 1/,
    );
  });

  it('serves an OpenAPI 3.1 document covering every declared route, and a reference page', async () => {
    const document = (await testApp.app.inject('/docs/openapi.json')).json();
    expect(document.openapi).toBe('3.1.0');
    for (const route of registeredRoutes(testApp.app)) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    const body = document.paths['/swx/customer/settings/key'].post.requestBody;
    expect(body.content['application/json'].schema.properties.key).toBeDefined();
    const page = await testApp.app.inject('/docs');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/swx/customer/index/listContents/{type}');
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const json = await testApp.app.inject('/healthz');
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['x-frame-options']).toBe('DENY');
    expect(json.headers['x-request-id']).toBeTruthy();
    const html = await testApp.app.inject('/docs');
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    // One nonce for the page's boot script and its style tags.
    expect(/script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1]).toBe(/style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1]);
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    // The nonce is fresh for every page.
    const again = await testApp.app.inject('/docs');
    expect(again.headers['content-security-policy']).not.toBe(csp);
    expect(html.body).toContain(`nonce="${/nonce-([^']+)'/.exec(csp)?.[1]}"`);
  });

  it('sends the security headers and the request id with an answer refused before routing', async () => {
    const refused = await testApp.app.inject({ url: '/healthz', headers: { lang: 'xx' } });
    expect(refused.statusCode).not.toBe(200);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['x-request-id']).toBeTruthy();
  });

  it("answers a protected route 401 without a token, before the route's own preHandler runs", async () => {
    let ownPreHandlerRan = false;
    const { app, close } = await createTestApp({}, (unready) => {
      unready.route({
        method: 'GET',
        url: '/swx/customer/test/protected',
        config: { auth: 'user' },
        preHandler: async () => {
          ownPreHandlerRan = true;
        },
        handler: async () => 'secret',
      });
    });
    try {
      const response = await app.inject('/swx/customer/test/protected');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, data: null });
      expect(ownPreHandlerRan).toBe(false);
    } finally {
      await close();
    }
  });
});
