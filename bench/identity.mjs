// Sign-in and authenticated reads. POST /login/login spends its time in argon2id on purpose
// (parameters in apps/server/src/modules/identity/password.ts): reported as logins/s.
// POST /user/getUserInfo with a token is compared with a hello-world Fastify route in the same
// run (target ≥ 0.3×). Alternating rounds; medians.
// Usage: node bench/identity.mjs [--rounds 3] [--seconds 8]
// Needs `npx tsc -b`; uses DATABASE_URL's server or an embedded PostgreSQL under var/bench-pg.
import { loadRun, median, numberOption, startBenchProcess } from './http-load.mjs';

const rounds = numberOption('rounds', 3);
const seconds = numberOption('seconds', 8);
const load = async (options) => (await loadRun({ duration: seconds, ...options })).rate;
const startServer = (kind) => startBenchProcess('servers.mjs', [kind]);

const hello = await startServer('hello');
const identity = await startServer('identity');
const base = `http://127.0.0.1:${identity.port}/swx/customer`;
const { userName, password, token } = identity.credentials;
const helloLoad = { url: `http://127.0.0.1:${hello.port}/hello`, connections: 50 };
const infoLoad = {
  url: `${base}/user/getUserInfo`,
  method: 'POST',
  connections: 50,
  headers: { authorization: token },
};
// Two connections: argon2 runs on the libuv pool, and two cores are all there is.
const loginLoad = {
  url: `${base}/login/login`,
  method: 'POST',
  connections: 2,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName, password }),
};
await load(infoLoad); // warm up

const helloRates = [];
const infoRates = [];
const loginRates = [];
for (let round = 1; round <= rounds; round += 1) {
  helloRates.push(await load(helloLoad));
  infoRates.push(await load(infoLoad));
  loginRates.push(await load(loginLoad));
  console.log(
    `round ${round}: hello ${helloRates.at(-1).toFixed(0)} req/s, getUserInfo ${infoRates.at(-1).toFixed(0)} req/s, login ${loginRates.at(-1).toFixed(1)}/s`,
  );
}
console.log(`median hello-world: ${median(helloRates).toFixed(0)} req/s`);
console.log(`median POST /user/getUserInfo (authenticated): ${median(infoRates).toFixed(0)} req/s`);
console.log(`ratio: ${(median(infoRates) / median(helloRates)).toFixed(2)} (target ≥ 0.30)`);
console.log(`median POST /login/login: ${median(loginRates).toFixed(1)} logins/s (argon2id m=19456 KiB, t=2, p=1)`);
hello.child.kill('SIGTERM');
identity.child.kill('SIGTERM');
