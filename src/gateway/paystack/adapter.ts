import { constantTimeEqual, hmacSha512Hex } from '../../platform/crypto.ts';
import {
  type BankChargeProgress,
  type GatewayBank,
  GatewayError,
  type GatewayEvent,
  type GatewayRefund,
  type GatewayTransaction,
  type GatewayTransfer,
  type PaymentGateway,
} from '../port.ts';
import { PaystackClient, type PaystackClientOptions } from './client.ts';
import {
  mapBank,
  mapBankChargeProgress,
  mapEvent,
  mapRefund,
  mapTransaction,
  mapTransfer,
  toPaystackBankCode,
} from './mapping.ts';
import type {
  WireBank,
  WireChargeStep,
  WireRefund,
  WireTransaction,
  WireTransfer,
} from './wire.ts';

/** The Paystack implementation of the gateway port; the sandbox gateway answers it the same way. */
export class PaystackGateway implements PaymentGateway {
  private readonly client: PaystackClient;
  private readonly secretKey: string;

  constructor(options: PaystackClientOptions) {
    this.client = new PaystackClient(options);
    this.secretKey = options.secretKey;
  }

  async listBanks(): Promise<GatewayBank[]> {
    const { data } = await this.client.request<WireBank[]>(
      'GET',
      '/bank?country=nigeria&currency=NGN&perPage=100',
    );
    return (Array.isArray(data) ? data : [])
      .map(mapBank)
      .filter((b): b is GatewayBank => b !== null);
  }

  async initializeCardAuthorization(
    input: Parameters<PaymentGateway['initializeCardAuthorization']>[0],
  ) {
    const { data } = await this.client.request<{ authorization_url?: string; reference?: string }>(
      'POST',
      '/transaction/initialize',
      {
        email: input.email,
        amount: input.amountKobo,
        currency: 'NGN',
        reference: input.reference,
        callback_url: input.callbackUrl,
        channels: ['card'],
        metadata: input.metadata,
      },
    );
    if (!data.authorization_url) {
      throw new GatewayError('unavailable', 'gateway gave no authorization_url');
    }
    return {
      authorizationUrl: data.authorization_url,
      reference: data.reference ?? input.reference,
    };
  }

  async verifyTransaction(reference: string): Promise<GatewayTransaction | null> {
    try {
      const { data } = await this.client.request<WireTransaction>(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
      return mapTransaction(data);
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'not_found') return null;
      // "Transaction reference not found" sometimes arrives with another status code.
      if (
        error instanceof GatewayError &&
        error.kind === 'rejected' &&
        /not found/i.test(error.message)
      ) {
        return null;
      }
      throw error;
    }
  }

  async chargeAuthorization(
    input: Parameters<PaymentGateway['chargeAuthorization']>[0],
  ): Promise<GatewayTransaction> {
    const { data } = await this.client.request<WireTransaction>(
      'POST',
      '/transaction/charge_authorization',
      {
        email: input.email,
        amount: input.amountKobo,
        authorization_code: input.authorizationCode,
        reference: input.reference,
        currency: 'NGN',
        metadata: JSON.stringify(input.metadata),
      },
    );
    return mapTransaction({ ...data, reference: data.reference ?? input.reference });
  }

  async startBankCharge(
    input: Parameters<PaymentGateway['startBankCharge']>[0],
  ): Promise<BankChargeProgress> {
    return this.chargeStep('/charge', input.reference, {
      email: input.email,
      amount: input.amountKobo,
      reference: input.reference,
      bank: { code: toPaystackBankCode(input.bankCode), account_number: input.accountNumber },
      metadata: input.metadata,
    });
  }

  submitOtp(reference: string, otp: string): Promise<BankChargeProgress> {
    return this.chargeStep('/charge/submit_otp', reference, { reference, otp });
  }

  submitBirthday(reference: string, birthday: string): Promise<BankChargeProgress> {
    return this.chargeStep('/charge/submit_birthday', reference, { reference, birthday });
  }

  submitPhone(reference: string, phone: string): Promise<BankChargeProgress> {
    return this.chargeStep('/charge/submit_phone', reference, { reference, phone });
  }

  async checkPendingCharge(reference: string): Promise<BankChargeProgress> {
    const { data, message } = await this.client.request<WireChargeStep>(
      'GET',
      `/charge/${encodeURIComponent(reference)}`,
    );
    return mapBankChargeProgress(data, message, reference);
  }

  private async chargeStep(
    path: string,
    reference: string,
    body: object,
  ): Promise<BankChargeProgress> {
    const { data, message } = await this.client.request<WireChargeStep>('POST', path, body);
    return mapBankChargeProgress(data, message, reference);
  }

  async createTransferRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ recipientCode: string }> {
    const { data } = await this.client.request<{ recipient_code?: string }>(
      'POST',
      '/transferrecipient',
      {
        type: 'nuban',
        name: input.name,
        account_number: input.accountNumber,
        bank_code: toPaystackBankCode(input.bankCode),
        currency: 'NGN',
      },
    );
    if (!data.recipient_code) {
      throw new GatewayError('unavailable', 'gateway gave no recipient_code');
    }
    return { recipientCode: data.recipient_code };
  }

  async initiateTransfer(
    input: Parameters<PaymentGateway['initiateTransfer']>[0],
  ): Promise<GatewayTransfer> {
    const { data } = await this.client.request<WireTransfer>('POST', '/transfer', {
      source: 'balance',
      amount: input.amountKobo,
      recipient: input.recipientCode,
      reference: input.reference,
      reason: input.reason,
      currency: 'NGN',
    });
    return mapTransfer({ ...data, reference: data.reference ?? input.reference });
  }

  async verifyTransfer(reference: string): Promise<GatewayTransfer | null> {
    try {
      const { data } = await this.client.request<WireTransfer>(
        'GET',
        `/transfer/verify/${encodeURIComponent(reference)}`,
      );
      return mapTransfer(data);
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  async refund(input: {
    transactionReference: string;
    amountKobo?: number;
    merchantNote?: string;
  }): Promise<GatewayRefund> {
    const { data } = await this.client.request<WireRefund>('POST', '/refund', {
      transaction: input.transactionReference,
      ...(input.amountKobo !== undefined && { amount: input.amountKobo }),
      ...(input.merchantNote !== undefined && { merchant_note: input.merchantNote }),
    });
    return mapRefund({ ...data, transaction_reference: input.transactionReference });
  }

  async fetchRefund(id: string): Promise<GatewayRefund | null> {
    try {
      const { data } = await this.client.request<WireRefund>(
        'GET',
        `/refund/${encodeURIComponent(id)}`,
      );
      return mapRefund(data);
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  async listRefunds(transactionReference: string): Promise<GatewayRefund[]> {
    const query = new URLSearchParams({ transaction: transactionReference, perPage: '100' });
    const { data } = await this.client.request<WireRefund[]>('GET', `/refund?${query.toString()}`);
    return data.map((wire) => mapRefund({ transaction_reference: transactionReference, ...wire }));
  }

  // --- Partial debits (gateway-protocol.md §17; decision 0045) ---
  async partialDebit(
    input: Parameters<PaymentGateway['partialDebit']>[0],
  ): Promise<GatewayTransaction> {
    const { data } = await this.client.request<WireTransaction>(
      'POST',
      '/transaction/partial_debit',
      {
        email: input.email,
        amount: input.amountKobo,
        authorization_code: input.authorizationCode,
        currency: 'NGN',
        // O8 types at_least as a string (whether a number is accepted is unconfirmed, §19).
        at_least: String(input.atLeastKobo),
        reference: input.reference,
        metadata: JSON.stringify(input.metadata),
      },
    );
    return mapTransaction({ ...data, reference: data.reference ?? input.reference });
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    return constantTimeEqual(hmacSha512Hex(this.secretKey, rawBody), signature.toLowerCase());
  }

  parseWebhook(rawBody: Buffer): GatewayEvent {
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { kind: 'unknown', name: '' };
    }
    return mapEvent(body);
  }
}
