/**
 * Paystack's envelopes. The top-level `status` says only whether the API call worked; payment
 * outcomes live in `data.status` (fact sheet §0).
 */

export type PaystackErrorType = 'api_error' | 'validation_error' | 'processor_error';

export interface ErrorEnvelope {
  status: false;
  message: string;
  type?: PaystackErrorType;
  code?: string;
  meta?: { nextStep: string };
}

export interface SuccessEnvelope<T> {
  status: true;
  message: string;
  data: T;
  meta?: Record<string, unknown>;
}

/** A refusal the client caused (or a missing resource), sent as Paystack's error envelope. */
export class SandboxError extends Error {
  override name = 'SandboxError';
  readonly statusCode: number;
  readonly type: PaystackErrorType | undefined;
  readonly code: string | undefined;
  readonly nextStep: string | undefined;

  constructor(
    statusCode: number,
    message: string,
    details: { type?: PaystackErrorType; code?: string; nextStep?: string } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.type = details.type;
    this.code = details.code;
    this.nextStep = details.nextStep;
  }

  toEnvelope(): ErrorEnvelope {
    return {
      status: false,
      message: this.message,
      ...(this.type !== undefined && { type: this.type }),
      ...(this.code !== undefined && { code: this.code }),
      ...(this.nextStep !== undefined && { meta: { nextStep: this.nextStep } }),
    };
  }
}

export function validationError(message: string, code = 'invalid_params'): SandboxError {
  return new SandboxError(400, message, { type: 'validation_error', code });
}

export function missingParams(message: string): SandboxError {
  return new SandboxError(400, message, { type: 'validation_error', code: 'missing_params' });
}

export function duplicateTransactionReference(): SandboxError {
  return new SandboxError(400, 'Duplicate Transaction Reference', {
    type: 'validation_error',
    code: 'duplicate_reference',
    nextStep: 'Use a unique reference for each transaction',
  });
}

export function ok<T>(message: string, data: T): SuccessEnvelope<T> {
  return { status: true, message, data };
}
