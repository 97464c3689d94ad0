// Starts the built platform for the browser journeys on its own port and its own, freshly
// created database: on DATABASE_URL's server when set (CI), else an embedded PostgreSQL under
// var/. Mail goes to a real local SMTP server started here; the journeys read codes from it
// through a small HTTP endpoint (GET /code?to=address). Playwright starts and stops this.
// Usage: node scripts/e2e-server.mjs main|guarded
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const profile = process.argv[2] ?? 'main';
const profiles = {
  // The ordinary deployment, with its sandbox chain (blocks every 500 ms); withdrawal addresses
  // usable at once, so a journey sees them within its time.
  main: {
    port: 8091,
    mailPort: 8093,
    embeddedPort: 54331,
    issuerPort: 8097,
    // TEST_CLOCK: the savings journeys move the savings clock forward (POST /__test/clock/advance).
    env: { CHAIN_LOCAL_BLOCK_MS: '500', WITHDRAWAL_ADDRESS_COOLING_HOURS: '0', TEST_CLOCK: 'true' },
  },
  // Access guard on and wallet-only sign-in; its journeys need no chain, so no local node starts.
  guarded: {
    port: 8095,
    mailPort: 8096,
    embeddedPort: 54333,
    env: { ACCESS_GUARD: 'true', WALLET_ONLY: 'true', CHAIN_LOCAL_NODE: 'false' },
  },
};
const chosen = profiles[profile];
if (!chosen) throw new Error(`unknown profile ${profile}`);
// E2E_PORT_OFFSET (e2e/ports.ts reads it too) lets two checkouts run their journeys at once.
const portOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);
for (const key of ['port', 'mailPort', 'embeddedPort', 'issuerPort']) {
  if (chosen[key]) chosen[key] += portOffset;
}

// A real SMTP server that keeps every message, and an HTTP reader for the journeys.
const mails = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;
// Operators for the back-office journeys, made the way a deployment makes them: the
// `admin:create` command against this deployment's database (GET /operator?role=admin answers a
// new operator's user name and the password the command printed once).
let operatorCount = 0;
function createOperator(role) {
  operatorCount += 1;
  const userName = `op${role.slice(0, 3)}${Date.now().toString(36)}${operatorCount}`;
  return new Promise((resolve, reject) => {
    const cli = spawn(
      process.execPath,
      [path.join(root, 'apps/server/dist/cli/admin-create.js'), '--user', userName, '--role', role],
      { env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    cli.stdout.on('data', (chunk) => {
      output += chunk;
    });
    cli.on('error', reject);
    cli.on('exit', (code) => {
      const password = /Password[^\n]*\n(\S+)\n/.exec(output)?.[1];
      if (code === 0 && password) resolve({ userName, password });
      else reject(new Error(`admin:create exited ${code}`));
    });
  });
}

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/operator') {
    createOperator(url.searchParams.get('role') ?? 'admin').then(
      (operator) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(operator));
      },
      (error) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: String(error) }));
      },
    );
    return;
  }
  const to = url.searchParams.get('to') ?? '';
  const mail = [...mails].reverse().find((m) => m.to.includes(to));
  const body =
    mail?.raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=') ?? '';
  // GET /link?to=address answers the newest mail's first link (an address-book confirmation).
  if (url.pathname === '/link') {
    const link = /https?:\/\/[^\s"'<>]+/.exec(body)?.[0] ?? null;
    response.writeHead(link ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ link }));
    return;
  }
  const code = /\b(\d{6})\b/.exec(body)?.[1] ?? null;
  response.writeHead(code ? 200 : 404, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code }));
}).listen(chosen.mailPort, '127.0.0.1');

// A real local OpenID provider standing in for Google: its interaction step signs in one
// test account with a verified e-mail and grants the requested scopes.
const GOOGLE_CLIENT = { id: 'openbourse-e2e', secret: 'an-e2e-client-secret-of-reasonable-length' };
export const GOOGLE_TEST_EMAIL = 'google-journey@example.test';
if (chosen.issuerPort) {
  const { startLocalOidcIssuer } = await import(path.join(root, 'apps/server/dist/test/local-oidc-issuer.js'));
  const { url: issuerUrl } = await startLocalOidcIssuer({
    port: chosen.issuerPort,
    client: {
      id: GOOGLE_CLIENT.id,
      secret: GOOGLE_CLIENT.secret,
      redirectUris: [`http://127.0.0.1:${chosen.port}/api/loginCallback/google`],
    },
    claimsOf: () => ({ email: GOOGLE_TEST_EMAIL, email_verified: true, name: 'Google Journey' }),
    accountFor: () => 'google-journey-subject',
  });
  chosen.env = {
    ...chosen.env,
    GOOGLE_ISSUER: issuerUrl,
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
  };
}

const env = {
  ...process.env,
  ...chosen.env,
  PORT: String(chosen.port),
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000',
  RATE_LIMIT_ENABLED: 'false',
  // The labelled sandbox feed, ticking fast enough for browser journeys to see prices move.
  // SOLUSDT, AVAXUSDT, LINKUSDT, DOTUSDT, ETCUSDT, ATOMUSDT, ICPUSDT and LTCUSDT follow the test feed: journeys push
  // their prices (POST /__test/market/ticks), one instrument per journey so parallel journeys do not meet.
  // ETHUSDT too: the crypto-backed loan journey moves ETH (its collateral) through a margin call to
  // liquidation; no other journey trades ETH or takes it as collateral.
  // ZECUSDT belongs to the smart plan journey (e2e/plans): its plan's strategy trades on the prices
  // that journey pushes, so no other journey may move it.
  // BCHUSDT belongs to the options journey (e2e/options): it buys calls on the prices it pushes
  // and its expiry settles on them.
  // XLMUSDT belongs to the invite journey (e2e/referral): the invited friend's first position.
  MARKET_FEED: 'test,sandbox',
  MARKET_TEST_CODES:
    'SOLUSDT,AVAXUSDT,LINKUSDT,DOTUSDT,ETCUSDT,ATOMUSDT,ICPUSDT,LTCUSDT,ETHUSDT,ZECUSDT,BCHUSDT,XLMUSDT',
  MARKET_SANDBOX_INTERVAL_MS: '500',
  // Each profile is its own deployment: with REDIS_URL set, its ticks stay on its own channel.
  REDIS_BUS_PREFIX: `openbourse:e2e:${profile}${portOffset}:bus`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  // Smart plans: products backtest over the shared recorded data (historical), plans decide each second.
  ...(existsSync(path.resolve(root, '../shared/market-data'))
    ? { BACKTEST_DATA_DIR: path.resolve(root, '../shared/market-data') }
    : {}),
  PLANS_RUN_EVERY_MS: '1000',
  // Options: the upkeep (listing, settlement) asked for every second.
  OPTIONS_UPKEEP_EVERY_MS: '1000',
  // The invite programme's payer asked for every second.
  INVITE_REWARDS_EVERY_MS: '1000',
};

if (process.env.DATABASE_URL) {
  const database = `openbourse_e2e_${profile}${portOffset ? `_${portOffset}` : ''}`;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${database}`);
  await client.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
} else {
  // A fresh embedded cluster each run, as the branch above makes a fresh database: journeys rely
  // on what a new deployment has (an instrument without history, the first user's numbers).
  env.DATA_DIR = path.join(root, `var/e2e-${profile}`);
  rmSync(env.DATA_DIR, { recursive: true, force: true });
  env.EMBEDDED_PG_PORT = String(chosen.embeddedPort);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
