/**
 * The Dojah simulator: an HTTP server speaking the part of Dojah's API in
 * docs/identity-protocol.md §0–§4 (same paths, headers and envelopes), with the deterministic
 * test BVNs of §8, so the Dojah adapter runs against it unchanged; only the base URL and the
 * credentials differ. `tranche start` runs it in sandbox mode (DOJAH_BASE_URL unset). Test BVNs
 * and codes: README.md in this folder.
 *
 *   GET  /api/v1/kyc/bvn?bvn=&first_name=&last_name=&dob=     §1 validate
 *   GET  /api/v1/kyc/bvn/full?bvn=                             §2 lookup
 *   POST /api/v1/messaging/otp  {sender_id,destination,channel} §3 send a code
 *   GET  /api/v1/messaging/otp/validate?code=&reference_id=    §4 check it
 *
 * Every call needs `AppId` and `Authorization` (the bare secret key) equal to the configured pair.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { constantTimeEqual } from '../../platform/crypto.ts';
import {
  SIMULATOR_DATE_OF_BIRTH,
  SIMULATOR_OTP_CODE,
  SIMULATOR_RECORD_DATE,
  simulatorProfile,
} from './test-bvns.ts';

export interface DojahSimulatorOptions {
  port: number;
  host?: string;
  appId: string;
  secretKey: string;
  /** How long the "slow" BVN takes to answer (§8: 15 s, past the adapter's 10 s). */
  slowMs?: number;
}

export interface DojahSimulator {
  url: string;
  close(): Promise<void>;
}

interface Reply {
  status: number;
  body: unknown;
  /** Sent as is instead of JSON (the "malformed answer" BVN). */
  raw?: string;
}

const json = (status: number, body: unknown): Reply => ({ status, body });
const error = (status: number, message: string): Reply => json(status, { error: message });

/** A fixed UUID-shaped reference per BVN, as §2's `reference`. */
function recordReference(bvn: string): string {
  const h = createHash('sha256').update(`dojah-simulator:${bvn}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function createDojahSimulatorHandler(options: DojahSimulatorOptions) {
  const slowMs = options.slowMs ?? 15_000;
  /** reference_id → used. The only state: a restart forgets unused codes. */
  const codes = new Map<string, boolean>();
  let counter = 0;

  function authorized(request: IncomingMessage): boolean {
    const appId = request.headers.appid;
    const key = request.headers.authorization;
    return (
      typeof appId === 'string' &&
      typeof key === 'string' &&
      constantTimeEqual(appId, options.appId) &&
      constantTimeEqual(key, options.secretKey)
    );
  }

  async function kyc(path: string, query: URLSearchParams): Promise<Reply> {
    const bvn = query.get('bvn') ?? '';
    if (bvn === '') return error(400, 'bvn is required');
    const profile = simulatorProfile(bvn);
    switch (profile.kind) {
      case 'not_found':
        return error(400, 'BVN not found');
      case 'status':
        return error(profile.status, profile.error);
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, slowMs).unref());
        return error(400, 'BVN not found');
      case 'not_json':
        return { status: 200, body: null, raw: '<html><body>Service temporarily unavailable' };
      case 'no_date_of_birth':
        if (path === '/api/v1/kyc/bvn') {
          return json(200, { entity: { bvn: { value: bvn, status: true } } });
        }
        break;
      default:
        break;
    }
    if (path === '/api/v1/kyc/bvn') {
      const lastNameMatches = profile.kind === 'exists' ? profile.lastNameMatches : true;
      return json(200, {
        entity: {
          bvn: { value: bvn, status: true },
          first_name: { confidence_value: 100, status: true },
          last_name: {
            confidence_value: lastNameMatches ? 100 : 40,
            status: lastNameMatches,
          },
          date_of_birth: { status: query.get('dob') === SIMULATOR_DATE_OF_BIRTH },
        },
      });
    }
    const phone = profile.kind === 'exists' ? profile.phone : '';
    return json(200, {
      entity: {
        bvn,
        first_name: 'ADA',
        middle_name: '',
        last_name: 'OKAFOR',
        date_of_birth:
          profile.kind === 'unreadable_record_date' ? '31/02/1990' : SIMULATOR_RECORD_DATE,
        phone_number1: phone,
        phone_number2: '',
        gender: 'Female',
        email: '',
        enrollment_bank: '058',
        nin: '',
        watch_listed: 'NO',
        image: '',
        reference: recordReference(bvn),
      },
    });
  }

  function sendOtp(body: unknown): Reply {
    const fields =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const { sender_id: senderId, destination, channel } = fields;
    if (typeof senderId !== 'string' || senderId === '') return error(400, 'sender_id is required');
    if (typeof destination !== 'string' || !/^\+?\d{10,14}$/.test(destination)) {
      return error(400, 'destination must be a phone number');
    }
    if (channel !== 'sms' && channel !== 'whatsapp' && channel !== 'voice') {
      return error(400, 'channel must be sms, whatsapp or voice');
    }
    if (destination.endsWith('0000')) return error(424, 'The message could not be delivered');
    counter += 1;
    const referenceId = `sim-otp-${counter}`;
    codes.set(referenceId, false);
    return json(200, {
      entity: [
        {
          reference_id: referenceId,
          destination,
          status_id: `dj_${randomUUID()}`,
          status: `${channel} OTP sent successfully `,
        },
      ],
    });
  }

  function validateOtp(query: URLSearchParams): Reply {
    const referenceId = query.get('reference_id') ?? '';
    const code = query.get('code') ?? '';
    const used = codes.get(referenceId);
    if (used === undefined) return error(400, 'Invalid reference');
    // SIMULATOR_EXPIRED_OTP_CODE (and any other code) answers valid: false, like an expired code.
    if (code === SIMULATOR_OTP_CODE && !used) {
      codes.set(referenceId, true);
      return json(200, { entity: { valid: true } });
    }
    return json(200, { entity: { valid: false } });
  }

  async function route(request: IncomingMessage, body: string): Promise<Reply> {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const path = url.pathname.replace(/\/+$/, '');
    if (!authorized(request)) return error(401, 'Unauthorized');
    if (
      request.method === 'GET' &&
      (path === '/api/v1/kyc/bvn' || path === '/api/v1/kyc/bvn/full')
    ) {
      return kyc(path, url.searchParams);
    }
    if (request.method === 'POST' && path === '/api/v1/messaging/otp') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body) as unknown;
      } catch {
        return error(400, 'The body must be JSON');
      }
      return sendOtp(parsed);
    }
    if (request.method === 'GET' && path === '/api/v1/messaging/otp/validate') {
      return validateOtp(url.searchParams);
    }
    return error(404, 'Not found');
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 64 * 1024) chunks.push(chunk);
    });
    request.on('end', () => {
      route(request, Buffer.concat(chunks).toString('utf8'))
        .then((reply) => {
          if (response.destroyed) return;
          response.writeHead(reply.status, {
            'Content-Type':
              reply.raw === undefined ? 'application/json; charset=utf-8' : 'text/html',
            'x-moesif-transaction-id': randomUUID(),
            service: 'dojah-simulator',
          });
          response.end(reply.raw ?? JSON.stringify(reply.body));
        })
        .catch((err: unknown) => {
          if (response.destroyed) return;
          response.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify({ error: String(err) }));
        });
    });
  };
}

export async function startDojahSimulator(options: DojahSimulatorOptions): Promise<DojahSimulator> {
  const server: Server = createServer(createDojahSimulatorHandler(options));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
