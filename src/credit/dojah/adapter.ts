/**
 * The Dojah credit adapter (docs/credit-bureau-protocol.md): two GETs, `fico_score` then
 * `credit_bureau`, by BVN, with `AppId` and the bare secret key in `Authorization`. Against
 * https://api.dojah.io it is the real aggregator; against the shipped simulator
 * (credit/simulator) it is the sandbox. Anything short of a usable answer — a timeout, a refused
 * connection, a 5xx or 424, a body we cannot read — is `CreditBureauUnavailable`, never a refusal.
 */
import {
  type CreditBureau,
  CreditBureauUnavailable,
  type CreditCheck,
  type CreditCheckOutcome,
} from '../port.ts';
import { classifyStatus, combine, type WireAnswer } from './mapping.ts';

export interface DojahCreditOptions {
  baseUrl: string;
  appId: string;
  secretKey: string;
  /** Per call; the check makes two. */
  timeoutMs: number;
  /** Stored with each check: `dojah`, or `sandbox` against the simulator. */
  name: string;
}

export class DojahCreditBureau implements CreditBureau {
  readonly name: string;
  private readonly baseUrl: string;
  private readonly options: DojahCreditOptions;

  constructor(options: DojahCreditOptions) {
    this.options = options;
    this.name = options.name;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async checkCredit(input: CreditCheck): Promise<CreditCheckOutcome> {
    if (!/^\d{11}$/.test(input.bvn)) throw new Error('checkCredit: the BVN must be 11 digits');
    if (input.consentReference.trim() === '') {
      throw new Error('checkCredit: no call without the customer’s credit-report consent');
    }
    // One after the other: the second is wasted (and billed) when the first is refused.
    const fico = await this.get('/api/v1/fico_score', input.bvn);
    const bureau = await this.get('/api/v1/credit_bureau', input.bvn);
    const result = combine(fico, bureau, input.dateOfBirth);
    if ('unavailable' in result) throw new CreditBureauUnavailable(`dojah: ${result.unavailable}`);
    return result;
  }

  private async get(path: string, bvn: string): Promise<WireAnswer> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}${path}?bvn=${bvn}`, {
        headers: {
          AppId: this.options.appId,
          Authorization: this.options.secretKey,
          Accept: 'application/json',
        },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      return { kind: 'unavailable', why: `${path}: ${(error as Error).name}` };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (response.status === 200) return { kind: 'unavailable', why: `${path}: not JSON` };
      body = undefined;
    }
    const answer = classifyStatus(response.status, body);
    if (answer.kind === 'refused') {
      // A wrong key or an empty wallet: retrying will not help, an operator must act.
      throw new CreditBureauUnavailable(`dojah ${path}: ${answer.why}`, { operatorAlert: true });
    }
    return answer;
  }
}
