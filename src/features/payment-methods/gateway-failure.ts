import { DomainError } from '../../domain/errors.ts';
import { GatewayError } from '../../gateway/port.ts';

export function gatewayFailure(error: unknown): never {
  if (error instanceof GatewayError) {
    if (error.kind === 'rejected') {
      throw new DomainError('payment_failed', `The payment gateway declined: ${error.message}`);
    }
    throw new DomainError(
      'gateway_unavailable',
      'The payment gateway did not answer. Try again in a moment.',
      { retryable: true },
    );
  }
  throw error;
}
