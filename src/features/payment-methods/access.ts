import { notFound } from '../../domain/errors.ts';

/** A customer reaches only their own objects; anything else reads as not found. */
export function assertSelf(principalCustomerId: string, requestedCustomerId: string): void {
  if (principalCustomerId !== requestedCustomerId) throw notFound('Customer');
}
