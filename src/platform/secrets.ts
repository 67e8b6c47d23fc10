import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Config } from './config.ts';
import { randomBase62 } from './ids.ts';

/** The secrets every process needs. */
export interface ServiceSecrets {
  jwtPrivateKeyPem: string;
  encryptionKey: string;
  /** The gateway secret key; in development the sandbox gateway's, shared by both sides. */
  gatewaySecretKey: string;
}

export function generateSecrets(): ServiceSecrets {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    jwtPrivateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    encryptionKey: randomBytes(32).toString('base64'),
    gatewaySecretKey: `sk_test_sandbox${randomBase62(32)}`,
  };
}

/**
 * Production takes its secrets from the environment (config refuses to start otherwise).
 * Development generates them once into the data folder so restarts keep tokens valid.
 */
export function resolveSecrets(config: Config): ServiceSecrets {
  const file = join(config.dataDir, 'secrets.json');
  let stored: Partial<ServiceSecrets> = {};
  if (config.env !== 'production') {
    if (existsSync(file)) {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceSecrets>;
      // Secrets added by later versions are generated into the existing file.
      const missing = Object.entries(generateSecrets()).filter(([name]) => !(name in stored));
      if (missing.length > 0) {
        stored = { ...stored, ...Object.fromEntries(missing) };
        writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
      }
    } else {
      stored = generateSecrets();
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
  }
  const pick = (
    fromEnv: string | undefined,
    fromFile: string | undefined,
    name: string,
  ): string => {
    const value = fromEnv ?? fromFile;
    if (!value) throw new Error(`${name} is not configured`);
    return value;
  };
  return {
    jwtPrivateKeyPem: pick(config.jwtPrivateKeyPem, stored.jwtPrivateKeyPem, 'JWT_PRIVATE_KEY'),
    encryptionKey: pick(config.encryptionKey, stored.encryptionKey, 'ENCRYPTION_KEY'),
    gatewaySecretKey: pick(config.gatewaySecretKey, stored.gatewaySecretKey, 'GATEWAY_SECRET_KEY'),
  };
}
