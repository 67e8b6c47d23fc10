import { existsSync } from 'node:fs';

import { type Browser, chromium } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/**
 * Chromium for browser tests: Debian's /usr/bin/chromium where installed (CI installs it),
 * else the binary shipped inside the @sparticuz/chromium npm package, so a fresh laptop needs
 * no system browser. Flags keep it off the network (this machine has none) and allow running
 * as root.
 */
export async function launchBrowser(): Promise<Browser> {
  let executablePath = SYSTEM_CHROMIUM;
  if (!existsSync(executablePath)) {
    const { default: packaged } = (await import('@sparticuz/chromium')) as {
      default: { executablePath(): Promise<string> };
    };
    executablePath = await packaged.executablePath();
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
