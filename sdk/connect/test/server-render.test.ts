import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { loadTrancheConnect } from '../src/index.ts';

describe('loadTrancheConnect on a server render (no window)', () => {
  it('resolves to null, touching nothing', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    await expect(loadTrancheConnect({ baseUrl: 'http://127.0.0.1:1' })).resolves.toBeNull();
    await expect(loadTrancheConnect()).resolves.toBeNull();
  });
});

describe('the package’s widget types', () => {
  it('are the served /sdk/v1/connect.d.ts (web/connect/types.ts), byte for byte', () => {
    const served = readFileSync(new URL('../../../web/connect/types.ts', import.meta.url), 'utf8');
    const packaged = readFileSync(new URL('../src/connect-types.ts', import.meta.url), 'utf8');
    expect(packaged).toBe(served);
  });
});
