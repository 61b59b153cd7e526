import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A platform authenticator in software, for the API tests (the browser tests use Chromium's virtual
 * one): it makes ES256 passkeys and signs assertions exactly as WebAuthn lays them out (CBOR
 * attestation object with the "none" format, authenticator data, client data JSON), so the server's
 * verification runs in full. Written by hand: it is a test double of a device, not product code.
 */

type Cbor = number | string | Buffer | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The CBOR of integers, text, bytes, arrays and maps: what attestation objects and COSE keys hold. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftPasskey {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface CeremonyOptions {
  /** The origin the browser would name (the page's). */
  origin: string;
  /** Whether the authenticator says it verified its owner (UV). */
  verified?: boolean;
  /** Answer a challenge other than the one given. */
  challenge?: string;
  /** The counter the authenticator reports (default: one more than last time). */
  counter?: number;
  /** Make this passkey again (its id and key) instead of a new one: an authenticator that ignores the excluded list. */
  reuse?: SoftPasskey;
}

/** Makes a passkey for the creation options `options` (as the server sent them) and the browser's answer to them. */
export function createPasskey(options: { challenge: string; rp: { id?: string }; user: { id: string } }, { origin, verified = true, challenge, reuse }: CeremonyOptions) {
  const rpId = options.rp.id!;
  const { privateKey, publicKey } = reuse ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const id = reuse?.id ?? randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP | FLAG_AT | (verified ? FLAG_UV : 0)]), Buffer.alloc(4), Buffer.alloc(16), idLength, id, coseKey]);
  const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: challenge ?? options.challenge, origin, crossOrigin: false });
  const passkey: SoftPasskey = { id, privateKey, publicKey, userHandle: options.user.id, rpId, counter: 0 };
  const response = {
    id: b64url(id),
    rawId: b64url(id),
    type: 'public-key' as const,
    response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })), transports: ['internal'] },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** The browser's answer to the request options `options` with `passkey`. */
export function assert(passkey: SoftPasskey, options: { challenge: string }, { origin, verified = true, challenge, counter }: CeremonyOptions) {
  passkey.counter = counter ?? passkey.counter + 1;
  const count = Buffer.alloc(4);
  count.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([sha256(passkey.rpId), Buffer.from([FLAG_UP | (verified ? FLAG_UV : 0)]), count]);
  const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: challenge ?? options.challenge, origin, crossOrigin: false });
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: b64url(passkey.id),
    rawId: b64url(passkey.id),
    type: 'public-key' as const,
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: passkey.userHandle },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  };
}
