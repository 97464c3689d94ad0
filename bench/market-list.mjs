// GET /swx/customer/index/listMarketByType?type=2 (the 30 crypto instruments, each with price,
// 24 h change and a 100-point sparkline; the answer is serialised at most once a second) against
// a hello-world Fastify route, both loaded by wrk (one thread) over 127.0.0.1 with the same
// connections and duration, alternating rounds so both see the same machine noise. Reports
// medians, the ratio (issue 5: at least 0.5) and each server's CPU time per answer. With
// --ceiling 1 (default) a third server joins the rounds: hello world answering a prebuilt Buffer
// as large as the uncompressed market list, what moving that many bytes per answer costs.
// --loader autocannon loads with autocannon instead: it decodes every answer into a string, which
// for compressed (binary) answers costs the load generator more than the server (see
// docs/BENCHMARKS.md), so wrk is the default.
// Usage: node bench/market-list.mjs [--rounds 3] [--seconds 8] [--connections 50] [--ceiling 1]
//        [--loader wrk|autocannon]
// Needs the server build (npx tsc -b); creates the scratch database bench_market_list on
// DATABASE_URL's server (default: the local postgres on 127.0.0.1:5432) and drops it afterwards.
import {
  ensureWrk,
  loadRun,
  median,
  numberOption,
  processCpuMs,
  startBenchProcess,
  stopBenchProcess,
  wrkRun,
} from './http-load.mjs';

const rounds = numberOption('rounds', 3);
const seconds = numberOption('seconds', 8);
const connections = numberOption('connections', 50);
const ceiling = numberOption('ceiling', 1) !== 0;
const loaderIndex = process.argv.indexOf('--loader');
const loader = loaderIndex >= 0 ? process.argv[loaderIndex + 1] : 'wrk';
if (loader !== 'wrk' && loader !== 'autocannon') throw new Error('--loader is wrk or autocannon');
if (loader === 'wrk') ensureWrk();
const run = loader === 'wrk' ? wrkRun : loadRun;

// As a browser asks; hello world never compresses, the market list answers brotli or gzip.
// Returns requests/s; cpu[] collects the server's CPU microseconds per answer.
const load = async (url, server, cpu) => {
  const before = processCpuMs(server.child.pid);
  const result = await run({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  cpu?.push(((processCpuMs(server.child.pid) - before) * 1000) / result.total);
  return result.rate;
};
const startServer = (kind, ...extra) => startBenchProcess('servers.mjs', [kind, ...extra]);
const stopServer = stopBenchProcess;

const hello = await startServer('hello');
const market = await startServer('market');
let staticServer = null;
try {
  const helloUrl = `http://127.0.0.1:${hello.port}/hello`;
  const marketUrl = `http://127.0.0.1:${market.port}/swx/customer/index/listMarketByType?type=2`;

  // What is measured: 30 items, each with a 100-point sparkline.
  const response = await fetch(marketUrl);
  const text = await response.text();
  const body = JSON.parse(text);
  const items = body.data ?? [];
  const points = items.map((item) => item.hundred.length);
  console.log(
    `listMarketByType?type=2: HTTP ${response.status}, ${items.length} items, sparkline points ${Math.min(...points)}–${Math.max(...points)}, ${text.length} bytes`,
  );
  if (response.status !== 200 || items.length !== 30 || Math.min(...points) !== 100)
    throw new Error('unexpected answer: expected 30 crypto instruments with 100 sparkline points each');

  if (ceiling) staticServer = await startServer('static', String(Buffer.byteLength(text)));
  const staticUrl = staticServer ? `http://127.0.0.1:${staticServer.port}/static` : null;

  console.log(`load generator: ${loader}, ${connections} connections, ${seconds} s a round`);
  await load(marketUrl, market); // warm the JIT on both sides
  await load(helloUrl, hello);
  if (staticUrl) await load(staticUrl, staticServer);

  const helloRates = [];
  const marketRates = [];
  const staticRates = [];
  const helloCpu = [];
  const marketCpu = [];
  for (let round = 1; round <= rounds; round += 1) {
    helloRates.push(await load(helloUrl, hello, helloCpu));
    marketRates.push(await load(marketUrl, market, marketCpu));
    if (staticUrl) staticRates.push(await load(staticUrl, staticServer));
    console.log(
      `round ${round}: hello ${helloRates.at(-1).toFixed(0)} req/s, listMarketByType ${marketRates.at(-1).toFixed(0)} req/s` +
        (staticUrl ? `, static ${text.length}-byte Buffer ${staticRates.at(-1).toFixed(0)} req/s` : ''),
    );
  }
  const helloMedian = median(helloRates);
  const marketMedian = median(marketRates);
  console.log(
    `median hello-world: ${helloMedian.toFixed(0)} req/s (server CPU ${median(helloCpu).toFixed(1)} µs an answer)`,
  );
  console.log(
    `median GET /index/listMarketByType?type=2: ${marketMedian.toFixed(0)} req/s (server CPU ${median(marketCpu).toFixed(1)} µs an answer)`,
  );
  console.log(`ratio: ${(marketMedian / helloMedian).toFixed(2)} (target ≥ 0.50)`);
  if (staticUrl) {
    const staticMedian = median(staticRates);
    console.log(
      `median hello world answering the same size from a Buffer: ${staticMedian.toFixed(0)} req/s ` +
        `(${(staticMedian / helloMedian).toFixed(2)} of hello world: the ceiling for an uncompressed answer this large; ` +
        `listMarketByType reaches ${(marketMedian / staticMedian).toFixed(2)} of it)`,
    );
  }
} finally {
  await Promise.all([stopServer(hello), stopServer(market), ...(staticServer ? [stopServer(staticServer)] : [])]);
}
