// The baseline of bench/support-fanout.mjs: a raw `ws` relay, two processes joined by Redis
// pub/sub as two instances are. A recipient socket says `{ "op": "hello", "id": "<conversation>" }`;
// a sender socket sends `{ "to": "<conversation>", "clientId": "…", "text": "…" }` to either
// process, which publishes it; every process delivers it to the recipient sockets it holds, as
// `{ "op": "support", "data": { "kind": "message", "conversationId", "message": { … } } }`.
// No HTTP, no database, no authentication: the floor of relaying the same messages.
import { Redis } from 'ioredis';
import { WebSocketServer } from 'ws';

const channel = process.argv[2] ?? 'bench:support-relay';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const publisher = new Redis(redisUrl);
const subscriber = new Redis(redisUrl);
const recipients = new Map();
let nextId = 1;

await subscriber.subscribe(channel);
subscriber.on('message', (_channel, raw) => {
  const message = JSON.parse(raw);
  const sockets = recipients.get(message.to);
  if (!sockets) return;
  const frame = JSON.stringify({
    op: 'support',
    data: {
      kind: 'message',
      conversationId: message.to,
      message: {
        id: String(message.id),
        conversationId: message.to,
        author: 'agent',
        agentName: 'Agent',
        text: message.text,
        fileId: null,
        systemEvent: null,
        clientId: message.clientId,
        createdAt: new Date().toISOString(),
        deliveredAt: null,
        readAt: null,
      },
    },
  });
  for (const socket of sockets) socket.send(frame);
});

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (socket) => {
  let joined = null;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.op === 'hello') {
      joined = message.id;
      if (!recipients.has(joined)) recipients.set(joined, new Set());
      recipients.get(joined).add(socket);
      socket.send('{"op":"authenticated","ok":true}');
      return;
    }
    publisher.publish(channel, JSON.stringify({ ...message, id: nextId++ }));
  });
  socket.on('close', () => {
    if (joined) recipients.get(joined)?.delete(socket);
  });
});
server.on('listening', () => process.send?.({ port: server.address().port }));
process.on('message', async (message) => {
  if (message !== 'stop') return;
  server.close();
  publisher.disconnect();
  subscriber.disconnect();
  process.exit(0);
});
