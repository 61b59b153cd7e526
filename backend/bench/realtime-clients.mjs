// The client side of `npm run bench:realtime`, forked by realtime-bench.mjs so that 10,000 sockets
// do not share an event loop (or a file-descriptor table) with the measuring process.
// IPC in:  { cmd: 'connect', targets: [{ url, clients: [{ userId, cookie }] }], concurrency }
//          { cmd: 'expectNotices', count }   { cmd: 'close' }
// IPC out: { type: 'connected', ok, failed, errors, ms, failedUserIds }   { type: 'alert', userId, at }
//          { type: 'notices', count, first, last }            (at/first/last: wall clock, ms)
//          { type: 'dms', items: [[messageId, userId, at], …] }  (every `dm:message`, sent in batches every 50 ms)
import { io } from 'socket.io-client';

const SOCKET_PATH = '/socket.io';
const now = () => performance.timeOrigin + performance.now();
const sockets = [];
let notices = { expected: 0, count: 0, first: 0, last: 0 };
/** `dm:message` arrivals not yet sent to the parent (bench:dm), a batch at a time. */
let dms = [];
let dmFlush = null;
function flushDms() {
  clearTimeout(dmFlush);
  dmFlush = null;
  if (dms.length) process.send({ type: 'dms', items: dms });
  dms = [];
}

function openOne(url, { userId, cookie }) {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.on('alert:new', () => process.send({ type: 'alert', userId, at: now() }));
    socket.on('dm:message', ({ message }) => {
      dms.push([message.id, userId, now()]);
      dmFlush ??= setTimeout(flushDms, 50);
    });
    socket.on('notice:created', () => {
      const at = now();
      notices.count += 1;
      if (notices.count === 1) notices.first = at;
      notices.last = at;
      if (notices.count === notices.expected) process.send({ type: 'notices', count: notices.count, first: notices.first, last: notices.last });
    });
    socket.once('connect', () => resolve(null));
    socket.once('connect_error', (error) => resolve(error.message));
    sockets.push(socket);
  });
}

async function connectAll(targets, concurrency) {
  const started = performance.now();
  const jobs = targets.flatMap(({ url, clients }) => clients.map((client) => ({ url, client })));
  let next = 0;
  let failed = 0;
  const errors = {};
  const failedUserIds = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const { url, client } = jobs[next++];
        const error = await openOne(url, client);
        if (error) {
          failed += 1;
          failedUserIds.push(client.userId);
          errors[error] = (errors[error] ?? 0) + 1;
        }
      }
    }),
  );
  return { ok: jobs.length - failed, failed, errors, ms: performance.now() - started, failedUserIds };
}

process.on('message', async (msg) => {
  if (msg.cmd === 'connect') {
    process.send({ type: 'connected', ...(await connectAll(msg.targets, msg.concurrency ?? 200)) });
  } else if (msg.cmd === 'expectNotices') {
    notices = { expected: msg.count, count: 0, first: 0, last: 0 };
  } else if (msg.cmd === 'close') {
    flushDms();
    for (const socket of sockets) socket.disconnect();
    setTimeout(() => process.exit(0), 200);
  }
});
process.on('disconnect', () => process.exit(0));
