import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import type { Frame, Page } from 'playwright-core';

export { launchBrowser } from './launch.ts';

/** Screenshots are evidence: kept under test-artifacts/ (git-ignored) for people to look at. */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-artifacts', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 667 };

/** A screenshot of the page as it is, at desktop and phone sizes, restored to desktop after. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(120);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`),
    });
  }
  await page.setViewportSize(original);
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core inside the frame (evaluated through the DevTools protocol, so the page's CSP that
 * forbids injected scripts stays on); returns the serious and critical violations.
 */
export async function seriousA11yViolations(frame: Frame): Promise<AxeViolation[]> {
  // frame.evaluate has no timeout of its own: a stalled page would hold the test until vitest's
  // test timeout, which says nothing about where it stopped.
  return withinMs(60_000, `axe on ${frame.url()}`, axeViolations(frame));
}

async function axeViolations(frame: Frame): Promise<AxeViolation[]> {
  await frame.evaluate(axeSource);
  const violations = await frame.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<any> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as any[]).map((v) => ({
      id: v.id as string,
      impact: v.impact as string | null,
      help: v.help as string,
      targets: (v.nodes as any[]).map((n) => String(n.target)),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function withinMs<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
