import type { ApiError } from '../json-api.ts';

/** An API error as the customer reads it: the API's detail, with what to do for the few it cannot say. */
export function messageFor(error: ApiError): string {
  if (error.code === 'network_error') {
    return 'We could not reach Tranche. Check your internet connection and try again.';
  }
  if (error.code === 'rate_limited' || error.code === 'login_throttled') {
    return `${error.detail} Please wait a moment before trying again.`;
  }
  return error.detail;
}
