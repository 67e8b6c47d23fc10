/**
 * The Termii adapter (docs/sms-protocol.md §1–§3): `POST {base}/api/sms/send` with a JSON body
 * carrying the API key, the number without its plus, the registered sender ID, the text,
 * `type: "plain"` and the route (`dnd` for transactional messages, which reach numbers on
 * Do-Not-Disturb and are not held by MTN's night-time block). Against https://api.ng.termii.com
 * it is Termii; against the shipped simulator (notifications/termii-simulator) it is the sandbox.
 */
import { DeliveryError } from '../port.ts';
import { NIGERIAN_MOBILE, type SmsMessage, type SmsProvider, type SmsSent } from '../sms-port.ts';

export interface TermiiOptions {
  baseUrl: string;
  apiKey: string;
  /** A sender ID registered on the Termii dashboard: 3 to 11 characters. */
  senderId: string;
  channel: 'dnd' | 'generic';
  timeoutMs: number;
  /** `termii`, or `termii-simulator` against the simulator. */
  name: string;
}

/** §3: what the send endpoint answers on success. Fields we do not use are not read. */
interface SendAnswer {
  code?: unknown;
  message_id?: unknown;
  message_id_str?: unknown;
  message?: unknown;
}

export class TermiiSms implements SmsProvider {
  readonly name: string;
  private readonly baseUrl: string;
  private readonly options: TermiiOptions;

  constructor(options: TermiiOptions) {
    this.options = options;
    this.name = options.name;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async send(message: SmsMessage): Promise<SmsSent> {
    if (!NIGERIAN_MOBILE.test(message.to)) {
      throw new DeliveryError('termii: not a Nigerian mobile number', { permanent: true });
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}/api/sms/send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        // The key travels in the body (Termii's protocol): never log this request.
        body: JSON.stringify({
          api_key: this.options.apiKey,
          to: message.to.slice(1),
          from: this.options.senderId,
          sms: message.text,
          type: 'plain',
          channel: this.options.channel,
        }),
        redirect: 'error',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      // No answer: Termii may or may not have taken it. A retry may send a second copy, which
      // for a one-time code or a reminder is better than none.
      throw new DeliveryError(`termii: ${(error as Error).name}`, {
        permanent: false,
        cause: error,
      });
    }
    let body: SendAnswer | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      body = typeof parsed === 'object' && parsed !== null ? parsed : undefined;
    } catch {
      body = undefined;
    }
    const said = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
    if (response.status === 429 || response.status >= 500) {
      throw new DeliveryError(`termii ${response.status}: ${said}`, { permanent: false });
    }
    if (response.status !== 200) {
      // §4: 400, 401, 403, 404, 422 — a wrong key, an unregistered sender ID, a route not set
      // up, a number it cannot take. The same message would be refused again.
      throw new DeliveryError(`termii ${response.status}: ${said}`, { permanent: true });
    }
    const id = body?.message_id_str ?? body?.message_id;
    if (body?.code !== 'ok' || (typeof id !== 'string' && typeof id !== 'number')) {
      throw new DeliveryError(`termii: unexpected answer (${said})`, { permanent: false });
    }
    return { providerMessageId: String(id) };
  }
}
