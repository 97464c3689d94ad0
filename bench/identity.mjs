// Sign-in and authenticated reads. POST /login/login spends its time in argon2id on purpose
// (parameters in apps/server/src/modules/identity/password.ts): reported as logins/s.
// POST /user/getUserInfo with a token is compared with a hello-world Fastify route in the same
// run (target ≥ 0.3×). Alternating rounds; medians.
// Usage: node bench/identity.mjs [--rounds 3] [--seconds 8]
// Needs `npx tsc -b`; uses DATABASE_URL's server or an embedded PostgreSQL under var/bench-pg.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const rounds = option('rounds', 3);
const seconds = option('seconds', 8);

function startServer(kind) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'servers.mjs'), [kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (message) => resolve({ child, ...message }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, pipelining: 1, ...options }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve(result.requests.average);
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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
