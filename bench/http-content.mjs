// GET /swx/customer/index/listContents/2 from a warm cache against a hello-world Fastify route,
// both served in this process's machine and loaded by autocannon over 127.0.0.1, alternating
// rounds so both see the same machine noise. Reports medians and the ratio.
// Usage: node bench/http-content.mjs [--rounds 3] [--seconds 8] [--connections 50]
// Needs the server build (npx tsc -b); uses DATABASE_URL's server or an embedded PostgreSQL.
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
const connections = option('connections', 50);

// Each server runs in its own process, as it would in production; the load generator runs here.
function startServer(kind) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'servers.mjs'), [kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (message) => resolve({ child, port: message.port }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, pipelining: 1 }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0)
        reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      else resolve(result.requests.average);
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const hello = await startServer('hello');
const content = await startServer('content');
const helloUrl = `http://127.0.0.1:${hello.port}/hello`;
const contentUrl = `http://127.0.0.1:${content.port}/swx/customer/index/listContents/2`;
await load(contentUrl).catch(() => undefined); // warm the cache and the JIT

const helloRates = [];
const contentRates = [];
for (let round = 1; round <= rounds; round += 1) {
  helloRates.push(await load(helloUrl));
  contentRates.push(await load(contentUrl));
  console.log(
    `round ${round}: hello ${helloRates.at(-1).toFixed(0)} req/s, listContents ${contentRates.at(-1).toFixed(0)} req/s`,
  );
}
const helloMedian = median(helloRates);
const contentMedian = median(contentRates);
console.log(`median hello-world: ${helloMedian.toFixed(0)} req/s`);
console.log(`median GET /index/listContents/2: ${contentMedian.toFixed(0)} req/s`);
console.log(`ratio: ${(contentMedian / helloMedian).toFixed(2)} (target ≥ 0.50)`);
hello.child.kill('SIGTERM');
content.child.kill('SIGTERM');
