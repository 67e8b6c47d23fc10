import { createHmac, createPrivateKey, createPublicKey } from 'node:crypto';

import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { ManualClock } from './clock.ts';
import { generateSecrets } from './secrets.ts';
import { TokenService } from './tokens.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('TokenService.verify (every customer and dashboard route goes through it)', () => {
  const { jwtPrivateKeyPem } = generateSecrets();
  const clock = new ManualClock(new Date('2026-11-26T12:00:00Z'));
  const tokens = new TokenService(jwtPrivateKeyPem, clock);
  const privateKey = createPrivateKey(jwtPrivateKeyPem);
  const publicKey = createPublicKey(privateKey);
  const now = Math.floor(clock.now().getTime() / 1000);
  const claims = {
    iss: 'tranche',
    aud: 'tranche:customer',
    sub: 'cus_x',
    iat: now,
    exp: now + 900,
  };

  /** An HMAC token keyed with `secret`: the algorithm-confusion attack on asymmetric keys. */
  const hmacToken = (alg: 'HS256' | 'HS512', secret: Buffer | string) => {
    const input = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
    const hash = alg === 'HS256' ? 'sha256' : 'sha512';
    return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
  };

  it('accepts its own EdDSA token', async () => {
    const { token } = await tokens.issue('cus_x', 'customer', 'rt_login');
    expect(await tokens.verify(token, 'customer')).toMatchObject({
      subject: 'cus_x',
      sessionId: 'rt_login',
    });
  });

  it('refuses a token of ours without a session id (issued before decision 0034)', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setIssuer('tranche')
      .setAudience('tranche:customer')
      .setSubject('cus_x')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    expect(await tokens.verify(token, 'customer')).toBeNull();
  });

  it('refuses HS256/HS512 tokens signed with our public key, in any of its encodings', async () => {
    const encodings: (Buffer | string)[] = [
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      publicKey.export({ type: 'spki', format: 'der' }),
      Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url'),
      JSON.stringify(publicKey.export({ format: 'jwk' })),
    ];
    for (const secret of encodings) {
      for (const alg of ['HS256', 'HS512'] as const) {
        const token = hmacToken(alg, secret);
        // A well-formed token under that key: a verifier that trusted the header would accept it.
        const key = typeof secret === 'string' ? Buffer.from(secret) : secret;
        await expect(
          jwtVerify(token, key, { algorithms: [alg], currentDate: clock.now() }),
        ).resolves.toBeDefined();
        expect(await tokens.verify(token, 'customer')).toBeNull();
      }
    }
  });

  it('refuses alg none, a token for the other audience, and one past its expiry', async () => {
    expect(
      await tokens.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, 'customer'),
    ).toBeNull();
    const { token } = await tokens.issue('cus_x', 'customer', 'rt_login');
    expect(await tokens.verify(token, 'merchant_dashboard')).toBeNull();
    clock.advance(16 * 60_000);
    expect(await tokens.verify(token, 'customer')).toBeNull();
  });
});
