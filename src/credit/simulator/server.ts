/**
 * The credit bureau simulator: an HTTP server speaking the part of Dojah's API the credit adapter
 * uses (docs/credit-bureau-protocol.md §1–§3), with the deterministic profiles of profiles.ts, so
 * the adapter runs against it unchanged; only its base URL and credentials differ. No state.
 *
 *   GET /api/v1/fico_score?bvn=<11 digits>      headers AppId, Authorization: <secret key>
 *   GET /api/v1/credit_bureau?bvn=<11 digits>
 *
 * Wrong or missing credentials → 401 {"error": …}; a BVN that is not 11 digits → 400. Profiles,
 * test BVNs and knobs: README.md in this folder.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { constantTimeEqual } from '../../platform/crypto.ts';
import { SIMULATOR_APP_ID, SIMULATOR_SECRET_KEY } from '../provider.ts';
import { answerFor } from './profiles.ts';

export interface CreditSimulatorOptions {
  /** 0 for a random port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  appId?: string;
  secretKey?: string;
  /** How long the `slow` profile waits before answering (default 45 s, past the 30 s budget). */
  slowMs?: number;
}

export interface CreditSimulator {
  url: string;
  close(): Promise<void>;
}

export async function startCreditSimulator(
  options: CreditSimulatorOptions,
): Promise<CreditSimulator> {
  const appId = options.appId ?? SIMULATOR_APP_ID;
  const secretKey = options.secretKey ?? SIMULATOR_SECRET_KEY;
  const slowMs = options.slowMs ?? 45_000;
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const endpoint =
      url.pathname === '/api/v1/fico_score'
        ? 'fico_score'
        : url.pathname === '/api/v1/credit_bureau'
          ? 'credit_bureau'
          : undefined;
    if (req.method !== 'GET' || endpoint === undefined) {
      return send(res, 404, { error: 'Not found' });
    }
    const givenApp = String(req.headers.appid ?? '');
    const givenKey = req.headers.authorization ?? '';
    if (!constantTimeEqual(givenApp, appId) || !constantTimeEqual(givenKey, secretKey)) {
      return send(res, 401, { error: 'Unauthorized: invalid AppId or secret key' });
    }
    const bvn = url.searchParams.get('bvn') ?? '';
    if (!/^\d{11}$/.test(bvn)) return send(res, 400, { error: 'Invalid BVN: 11 digits expected' });
    const answer = answerFor(endpoint, bvn);
    if (answer.delay === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send(res, answer.status, answer.body);
      }, slowMs);
      timers.add(timer);
      return;
    }
    send(res, answer.status, answer.body);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : (options.host ?? '127.0.0.1')}:${port}`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
