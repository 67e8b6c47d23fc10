import { hmacSha512Hex } from '../platform/crypto.ts';

export const SIGNATURE_HEADER = 'x-tranche-signature';
export const PREVIOUS_SIGNATURE_HEADER = 'x-tranche-signature-previous';

export interface SigningSecrets {
  current: string;
  /** Still valid during a rotation's overlap window, else null. */
  previous: string | null;
}

/**
 * `X-Tranche-Signature` is the lowercase hex HMAC-SHA512 of the exact body with the current
 * secret. During a rotation overlap the same body is also signed with the previous secret in
 * `X-Tranche-Signature-Previous`, so a receiver not yet holding the new secret still verifies.
 */
export function signatureHeaders(
  body: string,
  secrets: SigningSecrets,
  event: { id: string; type: string },
): Record<string, string> {
  return {
    [SIGNATURE_HEADER]: hmacSha512Hex(secrets.current, body),
    ...(secrets.previous && {
      [PREVIOUS_SIGNATURE_HEADER]: hmacSha512Hex(secrets.previous, body),
    }),
    'x-tranche-event-id': event.id,
    'x-tranche-event': event.type,
    'user-agent': 'Tranche-Webhooks/1.0',
  };
}
