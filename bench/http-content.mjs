// GET /swx/customer/index/listContents/2 from a warm cache against a hello-world Fastify route,
// both served in this process's machine and loaded by autocannon over 127.0.0.1, alternating
// rounds so both see the same machine noise. Reports medians and the ratio.
// Usage: node bench/http-content.mjs [--rounds 3] [--seconds 8] [--connections 50]
// Needs the server build (npx tsc -b); uses DATABASE_URL's server or an embedded PostgreSQL.
import { loadRun, median, numberOption, startBenchProcess } from './http-load.mjs';

const rounds = numberOption('rounds', 3);
const seconds = numberOption('seconds', 8);
const connections = numberOption('connections', 50);
const load = async (url) => (await loadRun({ url, connections, duration: seconds })).rate;
const startServer = (kind) => startBenchProcess('servers.mjs', [kind]);

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
