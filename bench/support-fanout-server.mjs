// One instance of the platform for bench/support-fanout.mjs, in its own process. `primary` makes
// the scratch database (migrated, market seeded), USERS users with sessions, one support agent
// (two-factor marked on, as operator routes require) and one open conversation per user; it sends
// their tokens and conversation ids to the parent. `secondary` joins the same database. Both use
// REDIS_URL with one bus prefix, as two instances of one deployment do.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createScratchDatabase } from './scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => import(pathToFileURL(path.join(root, 'apps/server/dist', file)).href);
const [role, databaseName, usersArgument] = process.argv.slice(2);
const users = Number(usersArgument ?? 2000);

const [{ buildApp }, { loadConfig }, { createDatabase }, { migrate }, { seedMarket }] = await Promise.all([
  dist('app.js'),
  dist('config.js'),
  dist('platform/db/database.js'),
  dist('platform/db/migrate.js'),
  dist('modules/market/index.js'),
]);

let scratch = null;
let url;
if (role === 'primary') {
  scratch = await createScratchDatabase(databaseName);
  url = scratch.url;
  await migrate(url);
} else {
  const base = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/${databaseName}`;
  url = base.toString();
}
const db = createDatabase(url, { max: 20 });
if (role === 'primary') await seedMarket(db);
const config = loadConfig({
  ...process.env,
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_ENABLED: 'false',
  MARKET_FEED: '',
  REDIS_BUS_PREFIX: `bench:${databaseName}`,
});
const app = await buildApp({ config, db, logger: false, connectionString: url });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = app.server.address().port;
const base = `http://127.0.0.1:${port}/swx/customer`;

let setup = null;
if (role === 'primary') {
  const { insertUser } = await dist('modules/identity/identity.repository.js');
  const tag = Date.now().toString(36);
  const agent = await insertUser(db, {
    user_name: `agent${tag}`,
    user_name_key: `agent${tag}`,
    email: `agent${tag}@bench.invalid`,
    password_hash: null,
    invite_code: `BA${tag}`.slice(0, 12).toUpperCase(),
    invited_by: null,
    roles: ['support'],
  });
  await db.updateTable('users').set({ totp_enabled: true }).where('id', '=', agent.id).execute();
  const agentToken = (await app.services.identity.startSession(agent, 'live', { userAgent: null })).token;
  const tokens = [];
  for (let i = 0; i < users; i += 1) {
    const user = await insertUser(db, {
      user_name: `chat${i}`,
      user_name_key: `chat${i}`,
      email: `chat${i}@bench.invalid`,
      password_hash: null,
      invite_code: `BC${i}`,
      invited_by: null,
      roles: ['user'],
    });
    tokens.push((await app.services.identity.startSession(user, 'live', { userAgent: null })).token);
  }
  // Users chatting are online (the web's heartbeat keeps them so): answers reach them live, not as
  // away notices by notification and e-mail.
  await db
    .updateTable('users')
    .set({ online_until: new Date(Date.now() + 86_400_000) })
    .where('id', '!=', agent.id)
    .execute();
  // Each user opens their conversation through the API, as the widget does (in batches).
  const conversationIds = new Array(users);
  for (let start = 0; start < users; start += 50) {
    await Promise.all(
      tokens.slice(start, start + 50).map(async (token, offset) => {
        const response = await fetch(`${base}/support/conversations`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: '{}',
        });
        const body = await response.json();
        if (body.code !== 200) throw new Error(`opening a conversation answered ${JSON.stringify(body)}`);
        conversationIds[start + offset] = body.data.id;
      }),
    );
  }
  setup = { agentToken, tokens, conversationIds };
}
process.send?.({ port, setup });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await app.close();
  await db.destroy();
  if (scratch) await scratch.drop();
  process.exit(0);
});
