import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export function sha256Hex(input: string | Buffer): string {
  return createHash('sha256').update(input).digest('hex');
}

export function hmacSha512Hex(secret: string, body: string | Buffer): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** Constant-time string comparison that does not throw on unequal lengths. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

/**
 * Envelope for secrets we must be able to read back (webhook signing secrets, gateway
 * authorization codes): AES-256-GCM under the service's data key. API keys are hashed instead.
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(keyBase64: string) {
    const key = Buffer.from(keyBase64, 'base64');
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes, base64-encoded');
    this.key = key;
  }
  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      body.toString('base64'),
    ].join('.');
  }
  /**
   * HMAC-SHA256 of `value` under a key derived from the data key for `purpose`: lets us find or
   * de-duplicate a secret (a BVN) without storing it, and unlike a plain hash it cannot be
   * brute-forced from a database copy alone (an 11-digit BVN has only 10^11 values).
   */
  keyedDigest(purpose: string, value: string): string {
    const purposeKey = createHmac('sha256', this.key).update(`tranche:digest:${purpose}`).digest();
    return createHmac('sha256', purposeKey).update(value).digest('hex');
  }
  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unrecognised sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  }
}
