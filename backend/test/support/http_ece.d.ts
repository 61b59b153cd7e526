/** The part of http_ece (no types of its own) the loopback push service uses: aes128gcm decryption with the receiver's ECDH key. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}
