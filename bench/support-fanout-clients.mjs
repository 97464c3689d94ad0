// The load of bench/support-fanout.mjs, in its own process: one recipient socket per
// conversation on one instance, and the sender of one message per conversation per period on the
// other (the agent's HTTP reply for the platform; a `ws` frame for the raw relay). Measures each
// message from the moment it is sent to the moment its recipient's socket receives it.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const quantile = (sorted, q) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function connectRecipients(job) {
  const sockets = [];
  let ready = 0;
  const received = new Map();
  let duplicates = 0;
  const onMessage = (data) => {
    const text = data.toString();
    if (!text.includes('"kind":"message"')) {
      if (text.includes('"op":"authenticated"')) ready += 1;
      return;
    }
    const event = JSON.parse(text);
    const clientId = event.data?.message?.clientId;
    if (!clientId) return;
    if (received.has(clientId)) duplicates += 1;
    else received.set(clientId, performance.now());
  };
  for (let start = 0; start < job.conversationIds.length; start += 100) {
    await Promise.all(
      job.conversationIds.slice(start, start + 100).map(
        (conversationId, offset) =>
          new Promise((resolve, reject) => {
            const socket = new WebSocket(`ws://127.0.0.1:${job.recipientPort}${job.socketPath}`);
            socket.on('message', onMessage);
            socket.once('error', reject);
            socket.once('open', () => {
              socket.send(
                JSON.stringify(
                  job.mode === 'platform'
                    ? { op: 'auth', token: job.tokens[start + offset] }
                    : { op: 'hello', id: conversationId },
                ),
              );
              resolve();
            });
            sockets.push(socket);
          }),
      ),
    );
  }
  const deadline = Date.now() + 30_000;
  while (ready < sockets.length) {
    if (Date.now() > deadline) throw new Error(`only ${ready} of ${sockets.length} sockets signed in`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { sockets, received, duplicatesOf: () => duplicates };
}

function platformSender(job) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.httpConnections });
  let failures = 0;
  let pending = 0;
  return {
    failures: () => failures,
    pending: () => pending,
    send(conversationId, clientId, text) {
      pending += 1;
      const body = JSON.stringify({ text, clientId });
      const request = http.request(
        {
          host: '127.0.0.1',
          port: job.senderPort,
          method: 'POST',
          path: `/swx/admin/support/conversations/${conversationId}/messages`,
          agent,
          headers: {
            authorization: job.agentToken,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            pending -= 1;
            const answer = Buffer.concat(chunks).toString();
            if (response.statusCode !== 200 || !answer.startsWith('{"code":200')) failures += 1;
          });
        },
      );
      request.on('error', () => {
        pending -= 1;
        failures += 1;
      });
      request.end(body);
    },
    close: () => agent.destroy(),
  };
}

async function relaySender(job) {
  const sockets = await Promise.all(
    Array.from(
      { length: 8 },
      () =>
        new Promise((resolve, reject) => {
          const socket = new WebSocket(`ws://127.0.0.1:${job.senderPort}/`);
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  let next = 0;
  return {
    failures: () => 0,
    pending: () => 0,
    send(conversationId, clientId, text) {
      sockets[next++ % sockets.length].send(JSON.stringify({ to: conversationId, clientId, text }));
    },
    close: () => {
      for (const socket of sockets) socket.close();
    },
  };
}

async function run(job) {
  const recipients = await connectRecipients(job);
  const sender = job.mode === 'platform' ? platformSender(job) : await relaySender(job);
  const sentAt = new Map();
  const total = job.conversationIds.length * job.seconds * job.perSecond;
  const perMs = (job.conversationIds.length * job.perSecond) / 1000;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) * perMs));
      while (sent < due) {
        const conversationId = job.conversationIds[sent % job.conversationIds.length];
        const clientId = `${job.round}x${sent.toString(36).padStart(8, '0')}`;
        sentAt.set(clientId, performance.now());
        sender.send(conversationId, clientId, `Message ${sent} of the bench`);
        sent += 1;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });
  const sendingMs = performance.now() - started;
  // Every request answered first (an overloaded server answers late, which is latency, not loss),
  // then a grace period: what has not arrived by then is lost.
  const answerDeadline = performance.now() + job.answerTimeoutMs;
  while (sender.pending() > 0 && performance.now() < answerDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const unanswered = sender.pending();
  const drainedMs = performance.now() - started;
  const graceDeadline = performance.now() + job.graceMs;
  while (recipients.received.size < sent && performance.now() < graceDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const latencies = [];
  for (const [clientId, at] of recipients.received) {
    const start = sentAt.get(clientId);
    if (start !== undefined) latencies.push(at - start);
  }
  latencies.sort((a, b) => a - b);
  const cpu = process.cpuUsage(cpuBefore);
  sender.close();
  for (const socket of recipients.sockets) socket.terminate();
  return {
    mode: job.mode,
    sent,
    sendFailures: sender.failures(),
    received: recipients.received.size,
    unanswered,
    lost: sent - sender.failures() - unanswered - recipients.received.size,
    answeredPerSecond: Math.round(((sent - unanswered) / drainedMs) * 1000),
    duplicates: recipients.duplicatesOf(),
    offeredPerSecond: Math.round((sent / sendingMs) * 1000),
    p50: quantile(latencies, 0.5),
    p90: quantile(latencies, 0.9),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? null,
    clientCpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}

process.on('message', async (job) => {
  try {
    process.send({ ok: true, result: await run(job) });
  } catch (error) {
    process.send({ ok: false, error: error instanceof Error ? error.stack : String(error) });
  }
});
