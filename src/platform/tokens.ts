import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

import type { Clock } from './clock.ts';

/**
 * Short-lived access tokens: EdDSA (Ed25519) JWTs signed with the service key. Verification
 * accepts only EdDSA, our issuer and the expected audience (customer, merchant dashboard or
 * operator).
 */
export type TokenAudience = 'customer' | 'merchant_dashboard' | 'operator';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'tranche';
const ALGORITHM = 'EdDSA';
const CLOCK_TOLERANCE_SECONDS = 30;

export interface AccessTokenClaims {
  subject: string;
  audience: TokenAudience;
  expiresAt: Date;
  /** The login the token belongs to (its refresh-token family, decision 0034). */
  sessionId: string;
}

export class TokenService {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly clock: Clock;

  constructor(privateKeyPem: string, clock: Clock) {
    this.privateKey = createPrivateKey(privateKeyPem);
    if (this.privateKey.asymmetricKeyType !== 'ed25519') {
      throw new Error('JWT_PRIVATE_KEY must be an Ed25519 key');
    }
    this.publicKey = createPublicKey(this.privateKey);
    this.clock = clock;
  }

  async issue(
    subject: string,
    audience: TokenAudience,
    sessionId: string,
  ): Promise<{ token: string; expiresInSeconds: number }> {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(`tranche:${audience}`)
      .setSubject(subject)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.privateKey);
    return { token, expiresInSeconds: ACCESS_TOKEN_TTL_SECONDS };
  }

  /** Returns the claims, or null for any token that is not one of ours, valid now, for `audience`. */
  async verify(token: string, audience: TokenAudience): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: `tranche:${audience}`,
        currentDate: this.clock.now(),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      });
      const { sub, exp, sid } = payload;
      if (typeof sub !== 'string' || typeof exp !== 'number' || typeof sid !== 'string') {
        return null;
      }
      return { subject: sub, audience, expiresAt: new Date(exp * 1000), sessionId: sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
