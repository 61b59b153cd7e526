// The loopback push service of `npm run bench:push`, in a process of its own (a core of its own):
// speaks the Web Push protocol for the bench's devices /push/<n>, whose client keys both sides derive
// from n (deviceKeys). Every push is checked (VAPID: ES256 by the key it names, aud, exp; each
// distinct JWT verified once, as push services cache it) and decrypted (aes128gcm, http_ece); it
// answers 201. The parent asks for the counts over IPC.
import { createECDH, createHash, createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:http';
import ece from 'http_ece';

/** The client keys of bench device `n`: a P-256 private key and 16 auth bytes, from n alone. */
export function deviceKeys(n) {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(createHash('sha256').update(`bench-push-${n}`).digest());
  return { ecdh, auth: createHash('sha256').update(`bench-auth-${n}`).digest().subarray(0, 16) };
}

function main() {
  const devices = Number(process.env.BENCH_PUSH_DEVICES);
  const seen = new Uint16Array(devices + 1);
  const keys = new Map();
  const verified = new Set();
  const counts = { received: 0, undecryptable: 0, unauthorized: 0, firstAt: 0, lastAt: 0 };
  let origin = '';

  const checkVapid = (header) => {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
    if (!match) return false;
    if (verified.has(match[1])) return true;
    const [head, claims, signature] = match[1].split('.');
    const point = Buffer.from(match[2], 'base64url');
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) return false;
    const { aud, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString());
    if (aud !== origin || exp * 1000 < Date.now()) return false;
    verified.add(match[1]);
    return true;
  };

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const n = Number((req.url ?? '').split('/').pop());
      if (!(n >= 1 && n <= devices)) return res.writeHead(404).end();
      if (!checkVapid(req.headers.authorization)) {
        counts.unauthorized++;
        return res.writeHead(403).end();
      }
      let device = keys.get(n);
      if (!device) keys.set(n, (device = deviceKeys(n)));
      try {
        JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth.toString('base64url') }).toString('utf8'));
      } catch {
        counts.undecryptable++;
        return res.writeHead(400).end();
      }
      seen[n]++;
      counts.received++;
      counts.lastAt = Date.now();
      if (!counts.firstAt) counts.firstAt = counts.lastAt;
      res.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    origin = `http://127.0.0.1:${server.address().port}`;
    process.send({ port: server.address().port });
  });
  process.on('message', (message) => {
    if (message === 'counts') {
      let distinct = 0;
      let duplicates = 0;
      for (let n = 1; n <= devices; n++) {
        if (seen[n] > 0) distinct++;
        if (seen[n] > 1) duplicates += seen[n] - 1;
      }
      process.send({ ...counts, distinct, duplicates });
    } else if (message === 'stop') server.close(() => process.exit(0));
  });
}

if (process.send && process.env.BENCH_PUSH_DEVICES) main();
