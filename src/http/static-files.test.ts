import { describe, expect, it } from 'vitest';

import { chooseCoding } from './static-files.ts';

describe('chooseCoding (Accept-Encoding)', () => {
  const both = ['br', 'gzip'] as const;
  it('prefers Brotli, then gzip, among what the file has and the client takes', () => {
    expect(chooseCoding('gzip, deflate, br', both)).toBe('br');
    expect(chooseCoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseCoding('br', ['gzip'])).toBeUndefined();
    expect(chooseCoding('x-gzip', both)).toBe('gzip');
    expect(chooseCoding('*', both)).toBe('br');
  });
  it('honours q=0 and names nothing when nothing is taken', () => {
    expect(chooseCoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseCoding('*;q=0', both)).toBeUndefined();
    expect(chooseCoding('identity', both)).toBeUndefined();
    expect(chooseCoding(undefined, both)).toBeUndefined();
    expect(chooseCoding('gzip;q=nonsense', both)).toBeUndefined();
    expect(chooseCoding('gzip', [])).toBeUndefined();
  });
});
