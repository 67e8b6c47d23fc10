import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { CONFIG_VARIABLES, ConfigError, FILE_SETTINGS, loadConfig, SETTINGS } from './config.ts';
import { generateSecrets } from './secrets.ts';

const PEM = generateSecrets().jwtPrivateKeyPem;
const KEY_32_BYTES = generateSecrets().encryptionKey;

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
  it('names a JWT_PRIVATE_KEY that is no Ed25519 PEM key, and takes one whose newlines are written as \\n', () => {
    expect(() => loadConfig({ JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nnope' })).toThrow(
      /JWT_PRIVATE_KEY is not a PEM private key/,
    );
    const escaped = PEM.trim().replaceAll('\n', '\\n');
    expect(loadConfig({ JWT_PRIVATE_KEY: escaped }).jwtPrivateKeyPem).toBe(PEM.trim());
  });
  it('reports every invalid variable at once', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_POOL_SIZE: '0', TRANCHE_ENV: 'staging' });
    for (const name of ['PORT', 'DATABASE_POOL_SIZE', 'TRANCHE_ENV']) {
      expect(attempt).toThrow(new RegExp(name));
    }
  });
  it('production refuses to start without real secrets and a database', () => {
    expect(() => loadConfig({ TRANCHE_ENV: 'production' })).toThrow(
      /DATABASE_URL[\s\S]*JWT_PRIVATE_KEY[\s\S]*ENCRYPTION_KEY/,
    );
  });
  it('a HOST that is neither an address nor a host name is named at start (issue 31)', () => {
    for (const host of ['127.0.0.1', '0.0.0.0', '::', 'localhost', 'api.internal']) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    for (const host of ['x%%bad', 'http://0.0.0.0', '-lead.example']) {
      expect(() => loadConfig({ HOST: host })).toThrow(/HOST must be an IP address or a host name/);
    }
  });
  it('a malformed ENCRYPTION_KEY is named at start, without its value (issue 31)', () => {
    for (const value of ['key', 'c2hvcnQ=', `${KEY_32_BYTES}AAAA`, 'not base64 at all!']) {
      const attempt = () => loadConfig({ ENCRYPTION_KEY: value });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/ENCRYPTION_KEY must be 32 random bytes in base64/);
      expect(attempt).not.toThrow(value);
    }
    expect(loadConfig({ ENCRYPTION_KEY: KEY_32_BYTES }).encryptionKey).toBe(KEY_32_BYTES);
  });
  it('production refuses a shared operator token (ADMIN_API_TOKEN, decision 0035); elsewhere it is ignored', () => {
    const production = {
      TRANCHE_ENV: 'production',
      DATABASE_URL: 'postgres://db.internal/tranche',
      JWT_PRIVATE_KEY: PEM,
      ENCRYPTION_KEY: KEY_32_BYTES,
      PUBLIC_BASE_URL: 'https://pay.example.ng',
      GATEWAY_BASE_URL: 'https://api.paystack.co',
      GATEWAY_SECRET_KEY: 'sk_live_x',
      SMTP_URL: 'smtp://mail.example.ng',
      EMAIL_FROM: 'Tranche <n@example.ng>',
      TERMII_BASE_URL: 'https://api.ng.termii.com',
      TERMII_API_KEY: 'TLkey',
      DOJAH_BASE_URL: 'https://api.dojah.io',
      DOJAH_APP_ID: 'app',
      DOJAH_SECRET_KEY: 'prod_sk_x',
      CREDIT_BUREAU_BASE_URL: 'https://api.dojah.io',
      CREDIT_BUREAU_APP_ID: 'app',
      CREDIT_BUREAU_SECRET_KEY: 'secret',
    };
    expect(loadConfig(production).env).toBe('production');
    const attempt = () => loadConfig({ ...production, ADMIN_API_TOKEN: 'adm_shared' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/ADMIN_API_TOKEN is no longer accepted[\s\S]*tranche operators add/);
    expect(loadConfig({ ADMIN_API_TOKEN: 'adm_shared' })).not.toHaveProperty('adminApiToken');
  });
  it('production refuses a test identity provider, naming the variable (decision 0046); sandbox mode uses the Dojah simulator', () => {
    const production = {
      TRANCHE_ENV: 'production',
      DATABASE_URL: 'postgres://db.internal/tranche',
      JWT_PRIVATE_KEY: PEM,
      ENCRYPTION_KEY: KEY_32_BYTES,
      PUBLIC_BASE_URL: 'https://pay.example.ng',
      GATEWAY_BASE_URL: 'https://api.paystack.co',
      GATEWAY_SECRET_KEY: 'sk_live_x',
      SMTP_URL: 'smtp://mail.example.ng',
      EMAIL_FROM: 'Tranche <n@example.ng>',
      TERMII_BASE_URL: 'https://api.ng.termii.com',
      TERMII_API_KEY: 'TLkey',
      // The credit bureau's own rules are the next test's.
      CREDIT_BUREAU_BASE_URL: 'https://api.dojah.io',
      CREDIT_BUREAU_APP_ID: 'app',
      CREDIT_BUREAU_SECRET_KEY: 'secret',
    };
    const dojah = {
      DOJAH_BASE_URL: 'https://api.dojah.io/',
      DOJAH_APP_ID: 'app',
      DOJAH_SECRET_KEY: 'prod_sk_x',
    };
    expect(loadConfig({ ...production, ...dojah })).toMatchObject({
      identityProvider: 'dojah',
      dojahBaseUrl: 'https://api.dojah.io',
    });
    expect(() => loadConfig(production)).toThrow(
      /DOJAH_BASE_URL is required when TRANCHE_ENV=production \(unset, the Dojah simulator/,
    );
    expect(() => loadConfig({ ...production, ...dojah, IDENTITY_PROVIDER: 'sandbox' })).toThrow(
      /IDENTITY_PROVIDER=sandbox is refused when TRANCHE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, DOJAH_BASE_URL: 'https://api.dojah.io' })).toThrow(
      /DOJAH_APP_ID is required when DOJAH_BASE_URL is set[\s\S]*DOJAH_SECRET_KEY/,
    );
    // Development: the Dojah adapter against the simulator `tranche start` runs.
    expect(loadConfig({})).toMatchObject({
      identityProvider: 'dojah',
      dojahBaseUrl: undefined,
      dojahSimulatorPort: 4020,
      dojahTimeoutMs: 10_000,
    });
  });
  it('each default exists once: the table gives the parsed default and the documented one', () => {
    const config = loadConfig({});
    const documented = (name: string) => CONFIG_VARIABLES.find((v) => v.name === name)?.default;
    expect(config.rateLimitSandboxPerMin).toBe(SETTINGS.RATE_LIMIT_SANDBOX_PER_MIN.default);
    expect(documented('RATE_LIMIT_SANDBOX_PER_MIN')).toBe('`100`');
    expect(documented('RATE_LIMIT_LIVE_PER_MIN')).toBe(`\`${config.rateLimitLivePerMin}\``);
    expect(documented('WORKER_CONCURRENCY')).toBe(`\`${config.workerConcurrency}\``);
    expect(documented('LOG_LEVEL')).toBe(`\`${config.logLevel}\``);
  });
  it('the configuration table (docs/configuration.md) is the settings table: same variables, defaults and descriptions', () => {
    const table = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    const rows = new Map<string, { default: string; description: string }>();
    for (const line of table.split('\n')) {
      const cells = /^\| `([A-Z0-9_]+)`\s*\|(.*)\|(.*)\|$/.exec(line);
      if (cells?.[1] && cells[2] !== undefined && cells[3] !== undefined) {
        rows.set(cells[1], { default: cells[2].trim(), description: cells[3].trim() });
      }
    }
    for (const variable of CONFIG_VARIABLES) {
      expect(rows.get(variable.name), variable.name).toEqual({
        default: variable.default,
        description: variable.description,
      });
    }
    expect([...rows.keys()].sort()).toEqual(CONFIG_VARIABLES.map((v) => v.name).sort());
  });
  it('.env.example names every setting once, and nothing else', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const names = [...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(names.sort()).toEqual(CONFIG_VARIABLES.map((v) => v.name).sort());
  });
  it('refuses unparseable URLs at start, without repeating the value', () => {
    for (const [name, value] of [
      ['DATABASE_URL', 'postgres//user:hunter2@db/tranche'],
      ['REDIS_URL', 'not a url'],
      ['PUBLIC_BASE_URL', 'checkout.example.ng'],
      ['GATEWAY_BASE_URL', 'api.paystack.co'],
    ] as const) {
      const attempt = () => loadConfig({ [name]: value });
      expect(attempt, name).toThrow(ConfigError);
      expect(attempt, name).toThrow(new RegExp(`${name} is not a valid URL`));
    }
    expect(() => loadConfig({ DATABASE_URL: 'postgres//user:hunter2@db/x' })).not.toThrow(
      /hunter2/,
    );
  });
  it('refuses URLs of the wrong kind', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/tranche' })).toThrow(
      /DATABASE_URL must be a postgres or postgresql URL/,
    );
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(
      /REDIS_URL must be a redis/,
    );
    expect(() => loadConfig({ GATEWAY_BASE_URL: 'ftp://api.paystack.co' })).toThrow(
      /GATEWAY_BASE_URL must be a http or https URL/,
    );
    expect(
      loadConfig({
        DATABASE_URL: 'postgresql:///tranche?host=/var/run/postgresql',
        REDIS_URL: 'rediss://:secret@cache.internal:6380/0',
        PUBLIC_BASE_URL: 'https://pay.example.ng/',
        GATEWAY_BASE_URL: 'https://api.paystack.co/',
      }),
    ).toMatchObject({
      publicBaseUrl: 'https://pay.example.ng',
      gatewayBaseUrl: 'https://api.paystack.co',
    });
  });
  it('production with a live gateway key refuses the credit bureau simulator; Dojah needs its app id and key (decision 0047)', () => {
    const production = {
      TRANCHE_ENV: 'production',
      DATABASE_URL: 'postgres://db/tranche',
      JWT_PRIVATE_KEY: PEM,
      ENCRYPTION_KEY: KEY_32_BYTES,
      PUBLIC_BASE_URL: 'https://pay.example.ng',
      GATEWAY_BASE_URL: 'https://api.paystack.co',
      GATEWAY_SECRET_KEY: 'sk_live_x',
      SMTP_URL: 'smtps://mail.example.ng',
      EMAIL_FROM: 'pay@example.ng',
      TERMII_BASE_URL: 'https://api.ng.termii.com',
      TERMII_API_KEY: 'TLkey',
      // Identity's own rules are the test above's.
      DOJAH_BASE_URL: 'https://api.dojah.io',
      DOJAH_APP_ID: 'app',
      DOJAH_SECRET_KEY: 'prod_sk_x',
    };
    expect(() => loadConfig(production)).toThrow(
      /CREDIT_BUREAU_BASE_URL is required when TRANCHE_ENV=production with a live gateway key/,
    );
    // A test-mode gateway key in production (a staging deployment) may use the simulator.
    expect(loadConfig({ ...production, GATEWAY_SECRET_KEY: 'sk_test_x' }).creditBureauBaseUrl).toBe(
      undefined,
    );
    expect(() =>
      loadConfig({ ...production, CREDIT_BUREAU_BASE_URL: 'https://api.dojah.io' }),
    ).toThrow(/CREDIT_BUREAU_APP_ID is required[\s\S]*CREDIT_BUREAU_SECRET_KEY is required/);
    expect(
      loadConfig({
        ...production,
        CREDIT_BUREAU_BASE_URL: 'https://api.dojah.io/',
        CREDIT_BUREAU_APP_ID: 'app',
        CREDIT_BUREAU_SECRET_KEY: 'secret',
      }),
    ).toMatchObject({ creditBureauBaseUrl: 'https://api.dojah.io', creditBureauTimeoutMs: 30_000 });
  });
  it('production requires an https PUBLIC_BASE_URL, naming the variable; other environments take http', () => {
    const production = {
      TRANCHE_ENV: 'production',
      DATABASE_URL: 'postgres://db/tranche',
      JWT_PRIVATE_KEY: PEM,
      ENCRYPTION_KEY: KEY_32_BYTES,
      GATEWAY_BASE_URL: 'https://api.paystack.co',
      GATEWAY_SECRET_KEY: 'sk_live_x',
      SMTP_URL: 'smtps://mail.example.ng',
      EMAIL_FROM: 'pay@example.ng',
      TERMII_BASE_URL: 'https://api.ng.termii.com',
      TERMII_API_KEY: 'TLkey',
      DOJAH_BASE_URL: 'https://api.dojah.io',
      DOJAH_APP_ID: 'app',
      DOJAH_SECRET_KEY: 'prod_sk_x',
      CREDIT_BUREAU_BASE_URL: 'https://api.dojah.io',
      CREDIT_BUREAU_APP_ID: 'app',
      CREDIT_BUREAU_SECRET_KEY: 'secret',
    };
    for (const url of ['http://pay.example.ng', 'HTTP://pay.example.ng/']) {
      const attempt = () => loadConfig({ ...production, PUBLIC_BASE_URL: url });
      expect(attempt, url).toThrow(ConfigError);
      expect(attempt, url).toThrow(
        /PUBLIC_BASE_URL must be an https URL when TRANCHE_ENV=production \(got scheme "http:"\)/,
      );
    }
    expect(loadConfig({ ...production, PUBLIC_BASE_URL: 'https://pay.example.ng/' })).toMatchObject(
      { env: 'production', publicBaseUrl: 'https://pay.example.ng' },
    );
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://localhost:3000' }).publicBaseUrl).toBe(
      'http://localhost:3000',
    );
    expect(
      loadConfig({ TRANCHE_ENV: 'test', PUBLIC_BASE_URL: 'http://checkout.test' }).publicBaseUrl,
    ).toBe('http://checkout.test');
  });
  it('refuses an unknown LOG_LEVEL at start', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent \(got "verbose"\)/,
    );
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });
  it('TRUST_PROXY is off by default; takes a hop count or proxy addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
  });
  it('refuses a TRUST_PROXY that is not a hop count or addresses, and one that trusts everybody', () => {
    for (const value of ['true', '*', 'lb.internal', '10.0.0.0/33', '10.0.0.1,', '-1', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must/);
    }
  });
  it('SMS (decision 0053): Termii, or its simulator when TERMII_BASE_URL is unset; production refuses the log and the simulator', () => {
    expect(loadConfig({})).toMatchObject({
      smsProvider: 'termii',
      termiiBaseUrl: undefined,
      termiiSenderId: 'Tranche',
      termiiChannel: 'dnd',
      sandboxSmsPort: 4030,
    });
    expect(() => loadConfig({ TERMII_BASE_URL: 'https://api.ng.termii.com' })).toThrow(
      /TERMII_API_KEY is required when TERMII_BASE_URL is set/,
    );
    expect(() => loadConfig({ TERMII_SENDER_ID: 'A much too long sender' })).toThrow(
      /TERMII_SENDER_ID must be 3 to 11/,
    );
    expect(() => loadConfig({ TRANCHE_ENV: 'production' })).toThrow(
      /TERMII_BASE_URL is required when TRANCHE_ENV=production/,
    );
    expect(() => loadConfig({ TRANCHE_ENV: 'production', SMS_PROVIDER: 'log' })).toThrow(
      /SMS_PROVIDER=log is refused when TRANCHE_ENV=production/,
    );
  });
  it('customer e-mail: SMTP_URL is an smtp(s) URL (unset: the log), EMAIL_FROM an address; both required in production', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      emailFrom: SETTINGS.EMAIL_FROM.default,
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.ng:465', EMAIL_FROM: 'pay@x.ng' }),
    ).toMatchObject({ smtpUrl: 'smtps://user:pass@mail.example.ng:465', emailFrom: 'pay@x.ng' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.ng' })).toThrow(
      /SMTP_URL must be a smtp or smtps URL/,
    );
    expect(() => loadConfig({ EMAIL_FROM: 'Tranche' })).toThrow(/EMAIL_FROM must be an address/);
    expect(() => loadConfig({ TRANCHE_ENV: 'production' })).toThrow(/SMTP_URL[\s\S]*EMAIL_FROM/);
  });
  describe('secrets from files (NAME_FILE)', () => {
    const files: Record<string, string> = {
      '/run/secrets/key': `${KEY_32_BYTES}\n`,
      '/run/secrets/pem': PEM,
      '/run/secrets/db': 'postgres://tranche:hunter2@db:5432/tranche\r\n',
      '/run/secrets/empty': ' \n',
    };
    const readFile = (path: string): string => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      return text;
    };

    it('reads the value from the file, without its trailing newline', () => {
      const config = loadConfig(
        {
          ENCRYPTION_KEY_FILE: '/run/secrets/key',
          JWT_PRIVATE_KEY_FILE: '/run/secrets/pem',
          DATABASE_URL_FILE: '/run/secrets/db',
        },
        readFile,
      );
      expect(config.encryptionKey).toBe(KEY_32_BYTES);
      expect(config.jwtPrivateKeyPem?.trim()).toBe(PEM.trim());
      expect(config.databaseUrl).toBe('postgres://tranche:hunter2@db:5432/tranche');
    });
    it('a value read from a file is validated like one set directly', () => {
      files['/run/secrets/bad-key'] = 'not base64 at all!';
      expect(() => loadConfig({ ENCRYPTION_KEY_FILE: '/run/secrets/bad-key' }, readFile)).toThrow(
        /ENCRYPTION_KEY/,
      );
    });
    it('refuses a file it cannot read, an empty file, and both forms at once, naming each', () => {
      const attempt = () =>
        loadConfig(
          {
            GATEWAY_SECRET_KEY_FILE: '/run/secrets/nowhere',
            TERMII_API_KEY_FILE: '/run/secrets/empty',
            ENCRYPTION_KEY: KEY_32_BYTES,
            ENCRYPTION_KEY_FILE: '/run/secrets/key',
          },
          readFile,
        );
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(
        /GATEWAY_SECRET_KEY_FILE names a file that cannot be read: \/run\/secrets\/nowhere \(ENOENT\)/,
      );
      expect(attempt).toThrow(/TERMII_API_KEY_FILE names an empty file/);
      expect(attempt).toThrow(/ENCRYPTION_KEY and ENCRYPTION_KEY_FILE are both set/);
      // The contents are never repeated in the message.
      expect(attempt).not.toThrow(/hunter2/);
    });
    it('reads a real file from disk by default', () => {
      const dir = mkdtempSync(join(tmpdir(), 'tranche-config-'));
      const path = join(dir, 'redis_url');
      writeFileSync(path, 'redis://cache.internal:6379\n');
      expect(loadConfig({ REDIS_URL_FILE: path }).redisUrl).toBe('redis://cache.internal:6379');
    });
    it('docs/configuration.md lists exactly the settings that take a file', () => {
      const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
      const section = /## Secrets from files\n([\s\S]*?)(\n## |$)/.exec(doc)?.[1] ?? '';
      const listed = [...section.matchAll(/`([A-Z0-9_]+)_FILE`/g)]
        .map((m) => m[1])
        .filter((name) => name !== 'NAME');
      expect(listed.sort()).toEqual([...FILE_SETTINGS].sort());
      for (const name of FILE_SETTINGS) expect(SETTINGS[name]).toBeDefined();
    });
  });
});
