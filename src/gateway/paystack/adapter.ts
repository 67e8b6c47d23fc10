import { constantTimeEqual, hmacSha512Hex } from '../../platform/crypto.ts';
import {
  type BankChargeProgress,
  type DisputeEvidence,
  type GatewayBank,
  type GatewayDedicatedAccount,
  type GatewayDispute,
  GatewayError,
  type GatewayEvent,
  type GatewayMandate,
  type GatewayMandateInitialization,
  type GatewayMandateRecord,
  type GatewayRefund,
  type GatewayTransaction,
  type GatewayTransfer,
  type PaymentGateway,
} from '../port.ts';
import { PaystackClient, type PaystackClientOptions } from './client.ts';
import {
  mapBank,
  mapBankChargeProgress,
  mapDedicatedAccount,
  mapDispute,
  mapEvent,
  mapMandate,
  mapMandateRecord,
  mapRefund,
  mapTransaction,
  mapTransfer,
  toPaystackBankCode,
} from './mapping.ts';
import type {
  WireBank,
  WireChargeStep,
  WireCustomer,
  WireDedicatedAccount,
  WireDispute,
  WireMandate,
  WireMandateInitialization,
  WireMandateRecord,
  WireRefund,
  WireTransaction,
  WireTransfer,
  WireUploadUrl,
} from './wire.ts';

/** The Paystack implementation of the gateway port; the sandbox gateway answers it the same way. */
export class PaystackGateway implements PaymentGateway {
  private readonly client: PaystackClient;
  private readonly secretKey: string;
  private readonly timeoutMs: number;

  constructor(options: PaystackClientOptions) {
    this.client = new PaystackClient(options);
    this.secretKey = options.secretKey;
    this.timeoutMs = options.timeoutMs;
  }

  // Disputes (gateway-protocol.md §21).

  async fetchDispute(id: string): Promise<GatewayDispute | null> {
    try {
      const { data } = await this.client.request<WireDispute>(
        'GET',
        `/dispute/${encodeURIComponent(id)}`,
      );
      return mapDispute(data);
    } catch (error) {
      if (error instanceof GatewayError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  async listDisputes(input: { transaction?: string; status?: string }): Promise<GatewayDispute[]> {
    const query = new URLSearchParams({ perPage: '100' });
    if (input.transaction !== undefined) query.set('transaction', input.transaction);
    if (input.status !== undefined) query.set('status', input.status);
    const { data } = await this.client.request<WireDispute[]>(
      'GET',
      `/dispute?${query.toString()}`,
    );
    return (Array.isArray(data) ? data : []).map(mapDispute);
  }

  async addDisputeEvidence(
    id: string,
    evidence: DisputeEvidence,
  ): Promise<{ evidenceId: string | null }> {
    const { data } = await this.client.request<{ id?: number | string | null } | null>(
      'POST',
      `/dispute/${encodeURIComponent(id)}/evidence`,
      {
        customer_email: evidence.customerEmail,
        customer_name: evidence.customerName,
        customer_phone: evidence.customerPhone,
        service_details: evidence.serviceDetails,
        ...(evidence.deliveryAddress !== undefined && {
          delivery_address: evidence.deliveryAddress,
        }),
        ...(evidence.deliveryDate !== undefined && { delivery_date: evidence.deliveryDate }),
      },
    );
    const evidenceId = data?.id;
    return {
      evidenceId: evidenceId === undefined || evidenceId === null ? null : String(evidenceId),
    };
  }

  async uploadDisputeFile(
    id: string,
    file: { filename: string; contentType: string; bytes: Buffer },
  ): Promise<{ uploadedFilename: string }> {
    const query = new URLSearchParams({ upload_filename: file.filename });
    const { data } = await this.client.request<WireUploadUrl>(
      'GET',
      `/dispute/${encodeURIComponent(id)}/upload_url?${query.toString()}`,
    );
    if (!data.signedUrl || !data.fileName) {
      throw new GatewayError('unavailable', 'gateway gave no signedUrl/fileName for the upload');
    }
    // The signed URL is the storage's, not the API's: no Authorization header goes there.
    let response: Response;
    try {
      response = await fetch(data.signedUrl, {
        method: 'PUT',
        headers: { 'content-type': file.contentType },
        body: new Uint8Array(file.bytes),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new GatewayError('unavailable', `dispute file upload failed: ${String(error)}`);
    }
    if (!response.ok) {
      throw new GatewayError(
        response.status >= 500 ? 'unavailable' : 'rejected',
        `dispute file upload answered ${response.status}`,
        response.status,
      );
    }
    return { uploadedFilename: data.fileName };
  }

  async resolveDispute(
    id: string,
    input: Parameters<PaymentGateway['resolveDispute']>[1],
  ): Promise<GatewayDispute> {
    const { data } = await this.client.request<WireDispute>(
      'PUT',
      `/dispute/${encodeURIComponent(id)}/resolve`,
      {
        resolution: input.resolution,
        message: input.message,
        refund_amount: input.refundAmountKobo,
        uploaded_filename: input.uploadedFilename,
        ...(input.evidenceId && { evidence: Number(input.evidenceId) }),
      },
    );
    return mapDispute(data);
  }

  // Bank transfers into a dedicated account (gateway-protocol.md §22).

  async createCustomer(input: Parameters<PaymentGateway['createCustomer']>[0]): Promise<{
    customerCode: string;
  }> {
    const { data } = await this.client.request<WireCustomer>('POST', '/customer', {
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
      ...(input.phone && { phone: input.phone }),
    });
    const customerCode = data.customer_code?.trim();
    if (!customerCode) {
      throw new GatewayError('unavailable', 'customer answer without customer_code');
    }
    return { customerCode };
  }

  async createDedicatedAccount(input: { customerCode: string }): Promise<GatewayDedicatedAccount> {
    const { data } = await this.client.request<WireDedicatedAccount>('POST', '/dedicated_account', {
      customer: input.customerCode,
      // Paystack's test mode has one provider, `test-bank`; live accounts get Wema Bank's (§22).
      preferred_bank: this.secretKey.startsWith('sk_test_') ? 'test-bank' : 'wema-bank',
    });
    return mapDedicatedAccount(data);
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

  async resolveAccount(input: {
    accountNumber: string;
    bankCode: string;
  }): Promise<{ accountNumber: string; accountName: string } | null> {
    const query = new URLSearchParams({
      account_number: input.accountNumber,
      bank_code: toPaystackBankCode(input.bankCode),
    });
    try {
      const { data } = await this.client.request<{
        account_number?: unknown;
        account_name?: unknown;
      }>('GET', `/bank/resolve?${query.toString()}`);
      if (typeof data.account_name !== 'string' || data.account_name.trim() === '') {
        throw new GatewayError('unavailable', 'gateway resolved the account without a name');
      }
      return {
        accountNumber:
          typeof data.account_number === 'string' ? data.account_number : input.accountNumber,
        accountName: data.account_name.trim(),
      };
    } catch (error) {
      // "Could not resolve account name" is a 422 (§7); a 400 is a malformed number or bank.
      if (
        error instanceof GatewayError &&
        (error.kind === 'rejected' || error.kind === 'not_found')
      ) {
        return null;
      }
      throw error;
    }
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

  // --- Transfer OTP (docs/gateway-protocol.md §14) ---
  async finalizeTransfer(input: { transferCode: string; otp: string }): Promise<GatewayTransfer> {
    const { data } = await this.client.request<WireTransfer>(
      'POST',
      '/transfer/finalize_transfer',
      { transfer_code: input.transferCode, otp: input.otp },
    );
    return mapTransfer({ ...data, transfer_code: data.transfer_code ?? input.transferCode });
  }

  async resendTransferOtp(input: {
    transferCode: string;
    reason: 'resend_otp' | 'transfer';
  }): Promise<void> {
    await this.client.request<unknown>('POST', '/transfer/resend_otp', {
      transfer_code: input.transferCode,
      reason: input.reason,
    });
  }

  async disableTransferOtp(): Promise<{ message: string }> {
    const { message } = await this.client.request<unknown>('POST', '/transfer/disable_otp', {});
    return { message };
  }

  async finalizeDisableTransferOtp(otp: string): Promise<{ message: string }> {
    const { message } = await this.client.request<unknown>(
      'POST',
      '/transfer/disable_otp_finalize',
      { otp },
    );
    return { message };
  }

  async enableTransferOtp(): Promise<{ message: string }> {
    const { message } = await this.client.request<unknown>('POST', '/transfer/enable_otp', {});
    return { message };
  }
  // --- end of transfer OTP ---

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

  // Direct Debit mandates (gateway-protocol.md §13).

  async initializeMandate(
    input: Parameters<PaymentGateway['initializeMandate']>[0],
  ): Promise<GatewayMandateInitialization> {
    const { data } = await this.client.request<WireMandateInitialization>(
      'POST',
      '/customer/authorization/initialize',
      {
        email: input.email,
        channel: 'direct_debit',
        ...(input.callbackUrl !== undefined && { callback_url: input.callbackUrl }),
        // All-or-nothing objects (§13.2): both are sent whole.
        account: { number: input.accountNumber, bank_code: toPaystackBankCode(input.bankCode) },
        ...(input.address !== undefined && { address: input.address }),
      },
    );
    if (!data.redirect_url || !data.reference) {
      throw new GatewayError('unavailable', 'gateway gave no redirect_url or reference');
    }
    return {
      redirectUrl: data.redirect_url,
      accessCode: data.access_code ?? '',
      reference: data.reference,
    };
  }

  async verifyMandate(reference: string): Promise<GatewayMandate | null> {
    try {
      const { data } = await this.client.request<WireMandate>(
        'GET',
        `/customer/authorization/verify/${encodeURIComponent(reference)}`,
      );
      return mapMandate(data);
    } catch (error) {
      // 404 "Authorization does not exist or does not belong to integration": not approved yet.
      if (error instanceof GatewayError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  async retryMandateActivation(input: { customerId: number; authorizationId: number }) {
    await this.client.request<unknown>(
      'PUT',
      `/customer/${input.customerId}/directdebit-activation-charge`,
      { authorization_id: input.authorizationId },
    );
  }

  async listMandates(
    input: Parameters<PaymentGateway['listMandates']>[0],
  ): Promise<{ mandates: GatewayMandateRecord[]; next: string | null }> {
    const query = new URLSearchParams({
      status: input.status,
      per_page: String(input.perPage ?? 100),
    });
    if (input.cursor) query.set('cursor', input.cursor);
    const { data, meta } = await this.client.request<WireMandateRecord[]>(
      'GET',
      `/directdebit/mandate-authorizations?${query.toString()}`,
    );
    const next =
      typeof meta === 'object' && meta !== null && 'next' in meta && typeof meta.next === 'string'
        ? meta.next || null
        : null;
    return { mandates: mapMandateRecords(data), next };
  }

  async listCustomerMandates(customerId: number): Promise<GatewayMandateRecord[]> {
    const { data } = await this.client.request<WireMandateRecord[]>(
      'GET',
      `/customer/${customerId}/directdebit-mandate-authorizations`,
    );
    return mapMandateRecords(data);
  }

  async deactivateAuthorization(authorizationCode: string): Promise<boolean> {
    try {
      await this.client.request<unknown>('POST', '/customer/authorization/deactivate', {
        authorization_code: authorizationCode,
      });
      return true;
    } catch (error) {
      // 404 "Authorization code not found.": nothing left to deactivate.
      if (error instanceof GatewayError && error.kind === 'not_found') return false;
      throw error;
    }
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

function mapMandateRecords(data: unknown): GatewayMandateRecord[] {
  return (Array.isArray(data) ? (data as WireMandateRecord[]) : [])
    .map(mapMandateRecord)
    .filter((m): m is GatewayMandateRecord => m !== null);
}
