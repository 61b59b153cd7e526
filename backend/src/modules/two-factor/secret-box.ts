import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for the TOTP secrets at rest, under keys derived (HKDF-SHA256) from TOTP_ENCRYPTION_KEY
 * or, without it, the session secret: a copy of the database alone does not give the secrets away.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  private readonly key: Buffer;
  /** A second key from the same root: the pepper of the recovery codes' HMACs. */
  readonly codeKey: Buffer;

  constructor(root: string) {
    if (!root) throw new Error('two-factor needs TOTP_ENCRYPTION_KEY or a session secret');
    this.key = Buffer.from(hkdfSync('sha256', root, 'cloud9', 'totp secret v1', 32));
    this.codeKey = Buffer.from(hkdfSync('sha256', root, 'cloud9', 'recovery codes v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unreadable TOTP secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
