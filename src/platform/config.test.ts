import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicBaseUrl: 'http://localhost:3000',
      rateLimitSandboxPerMin: 100,
      rateLimitLivePerMin: 500,
      databaseUrl: undefined,
    });
  });
  it('reports every invalid variable at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_POOL_SIZE: '0', TRANCHE_ENV: 'staging' });
    for (const name of ['PORT', 'DATABASE_POOL_SIZE', 'TRANCHE_ENV'])
      expect(attempt).toThrow(new RegExp(name));
  });
  it('production refuses to start without real secrets and a database', () => {
    expect(() => loadConfig({ TRANCHE_ENV: 'production' })).toThrow(
      /DATABASE_URL[\s\S]*ADMIN_API_TOKEN[\s\S]*JWT_PRIVATE_KEY[\s\S]*ENCRYPTION_KEY/,
    );
  });
  it('the README configuration table lists every variable', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const variable of CONFIG_VARIABLES)
      expect(readme, variable.name).toContain(`| \`${variable.name}\``);
  });
});
