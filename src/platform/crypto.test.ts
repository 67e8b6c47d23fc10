import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';

import { pino } from 'pino';
import { describe, expect, it } from 'vitest';

import { constantTimeEqual, hmacSha512Hex, SecretBox } from './crypto.ts';
import { loggerOptions } from './logger.ts';

describe('secret box', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));
  it('round-trips and never stores plaintext', () => {
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(box.seal('whsec_abc')).not.toBe(sealed);
  });
  it('detects tampering and the wrong key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other!').toString('base64');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('base64')).open(sealed)).toThrow();
  });
  it('refuses a key that is not 32 bytes', () => {
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

describe('signatures and comparisons', () => {
  it('HMAC-SHA512 hex matches a known vector', () => {
    expect(hmacSha512Hex('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'b42af09057bac1e2d41708e48a902e09b5ff7f12ab428a4fe86653c73dd248fb82f948a549f7b791a5b41915ee4d1ec3935357e4e2317250d0372afa2ebeeb3a',
    );
  });
  it('constant-time compare handles unequal lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('log redaction', () => {
  it('never writes credentials or passwords', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write: (chunk, _enc, done) => {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    log.info(
      {
        req: { headers: { authorization: 'Bearer sk_test_SECRET' } },
        body: { password: 'hunter22', refresh_token: 'rft_SECRET' },
      },
      'request',
    );
    const out = lines.join('');
    expect(out).not.toContain('SECRET');
    expect(out).not.toContain('hunter22');
    expect(out).toContain('[redacted]');
  });
});
