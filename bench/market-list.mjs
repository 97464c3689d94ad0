// GET /swx/customer/index/listMarketByType?type=2 (the 30 crypto instruments, each with price,
// 24 h change and a 100-point sparkline; the answer is serialised at most once a second) against
// a hello-world Fastify route, both loaded by autocannon over 127.0.0.1 with the same connections
// and duration, alternating rounds so both see the same machine noise. Reports medians and the
// ratio (issue 5: at least 0.5). With --ceiling 1 (default) a third server joins the rounds: hello
// world answering a prebuilt Buffer as large as the market list, i.e. what moving that many bytes
// per answer through Fastify, loopback TCP and autocannon costs on this machine.
// Usage: node bench/market-list.mjs [--rounds 3] [--seconds 8] [--connections 50] [--ceiling 1]
// Needs the server build (npx tsc -b); creates the scratch database bench_market_list on
// DATABASE_URL's server (default: the local postgres on 127.0.0.1:5432) and drops it afterwards.
import { loadRun, median, numberOption, startBenchProcess, stopBenchProcess } from './http-load.mjs';

const rounds = numberOption('rounds', 3);
const seconds = numberOption('seconds', 8);
const connections = numberOption('connections', 50);
const ceiling = numberOption('ceiling', 1) !== 0;

// As a browser asks; hello world never compresses, the market list answers brotli or gzip.
const load = async (url) =>
  (await loadRun({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip, deflate, br' } })).rate;
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

  await load(marketUrl); // warm the JIT on both sides
  await load(helloUrl);
  if (staticUrl) await load(staticUrl);

  const helloRates = [];
  const marketRates = [];
  const staticRates = [];
  for (let round = 1; round <= rounds; round += 1) {
    helloRates.push(await load(helloUrl));
    marketRates.push(await load(marketUrl));
    if (staticUrl) staticRates.push(await load(staticUrl));
    console.log(
      `round ${round}: hello ${helloRates.at(-1).toFixed(0)} req/s, listMarketByType ${marketRates.at(-1).toFixed(0)} req/s` +
        (staticUrl ? `, static ${text.length}-byte Buffer ${staticRates.at(-1).toFixed(0)} req/s` : ''),
    );
  }
  const helloMedian = median(helloRates);
  const marketMedian = median(marketRates);
  console.log(`median hello-world: ${helloMedian.toFixed(0)} req/s`);
  console.log(`median GET /index/listMarketByType?type=2: ${marketMedian.toFixed(0)} req/s`);
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
