/**
 * The Termii simulator: an HTTP server speaking the part of Termii's API in
 * docs/sms-protocol.md §1–§4 (same path, body and answers), so the Termii adapter runs against it
 * unchanged; only the base URL and the API key differ. `tranche start` runs it in sandbox mode
 * (SMS_PROVIDER=termii, TERMII_BASE_URL unset). It sends nothing: it keeps what it was given, and
 * shows it to the developer and the tests (test numbers: README.md in this folder).
 *
 *   POST /api/sms/send            {api_key,to,from,sms,type,channel}   §2 send a message
 *   GET  /simulator/messages?to=  the messages kept, newest first      (the simulator's own)
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { constantTimeEqual } from '../../platform/crypto.ts';

export interface TermiiSimulatorOptions {
  port: number;
  host?: string;
  apiKey: string;
  /** How many messages are kept (oldest dropped first). */
  keep?: number;
}

export interface SimulatedSms {
  message_id: string;
  /** As sent: international digits, no plus. */
  to: string;
  from: string;
  sms: string;
  channel: string;
  sent_at: string;
}

export interface TermiiSimulator {
  url: string;
  /** The messages kept, newest first; `to` in either `+234…` or `234…` form. */
  messages(to?: string): SimulatedSms[];
  close(): Promise<void>;
}

interface Reply {
  status: number;
  body: unknown;
}

const json = (status: number, body: unknown): Reply => ({ status, body });

/** Test numbers (README.md): a refusal for good, and an outage. */
export const SIMULATOR_UNREACHABLE_SUFFIX = '0000';
export const SIMULATOR_OUTAGE_SUFFIX = '9999';

export function createTermiiSimulatorHandler(options: TermiiSimulatorOptions) {
  const keep = options.keep ?? 1000;
  const kept: SimulatedSms[] = [];
  let balance = 10_000;

  function send(body: unknown): Reply {
    const fields =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const { api_key: apiKey, to, from, sms, type, channel } = fields;
    if (typeof apiKey !== 'string' || !constantTimeEqual(apiKey, options.apiKey)) {
      return json(401, { message: 'Unauthorized' });
    }
    if (typeof to !== 'string' || !/^\d{10,15}$/.test(to)) {
      return json(400, { message: 'to must be a phone number in international format' });
    }
    if (typeof from !== 'string' || from.length < 3 || from.length > 11) {
      return json(400, { message: 'Invalid Sender Id' });
    }
    if (typeof sms !== 'string' || sms === '') return json(400, { message: 'sms is required' });
    if (type !== 'plain') return json(400, { message: 'type must be plain' });
    if (channel !== 'dnd' && channel !== 'generic' && channel !== 'whatsapp') {
      return json(400, { message: 'channel must be dnd, generic or whatsapp' });
    }
    if (to.endsWith(SIMULATOR_UNREACHABLE_SUFFIX)) {
      return json(422, { message: 'You are not set up on this route' });
    }
    if (to.endsWith(SIMULATOR_OUTAGE_SUFFIX)) return json(503, { message: 'Service Unavailable' });
    // Termii's ids are 19-digit numbers, given both as a number and as a string.
    const messageId = `30${String(randomInt(0, 2 ** 47)).padStart(17, '0')}`;
    kept.unshift({
      message_id: messageId,
      to,
      from,
      sms,
      channel,
      sent_at: new Date().toISOString(),
    });
    if (kept.length > keep) kept.length = keep;
    balance -= 1;
    return json(200, {
      code: 'ok',
      message_id: messageId,
      message_id_str: messageId,
      message: 'Successfully Sent',
      balance,
      user: 'Tranche Simulator',
    });
  }

  function messages(to?: string | null): SimulatedSms[] {
    const wanted = to?.replace(/^\+/, '');
    return wanted ? kept.filter((m) => m.to === wanted) : [...kept];
  }

  function route(request: IncomingMessage, body: string): Reply {
    const url = new URL(request.url ?? '/', 'http://simulator');
    const path = url.pathname.replace(/\/+$/, '');
    if (request.method === 'POST' && path === '/api/sms/send') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body) as unknown;
      } catch {
        return json(400, { message: 'The body must be JSON' });
      }
      return send(parsed);
    }
    if (request.method === 'GET' && path === '/simulator/messages') {
      return json(200, { messages: messages(url.searchParams.get('to')) });
    }
    return json(404, { message: 'Not found' });
  }

  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 64 * 1024) chunks.push(chunk);
    });
    request.on('end', () => {
      if (response.destroyed) return;
      const reply = route(request, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(reply.body));
    });
  };
  return { handler, messages: (to?: string) => messages(to) };
}

export async function startTermiiSimulator(
  options: TermiiSimulatorOptions,
): Promise<TermiiSimulator> {
  const { handler, messages } = createTermiiSimulatorHandler(options);
  const server: Server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
