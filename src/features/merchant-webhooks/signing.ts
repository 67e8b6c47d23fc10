import { hmacSha512Hex } from '../../platform/crypto.ts';

export const SIGNATURE_HEADER = 'x-tranche-signature';
export const PREVIOUS_SIGNATURE_HEADER = 'x-tranche-signature-previous';

export interface SigningSecrets {
  current: string;
  /** Still valid during a rotation's overlap window, else null. */
  previous: string | null;
}

/**
 * One endpoint's sealed secrets, as stored (webhook_endpoints: one endpoint per merchant and
 * mode, so a test event is signed with the test secrets and a live event with the live ones).
 */
export interface SealedWebhookSecrets {
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
}

/** The secrets to sign with at `now`: the previous one only while its overlap lasts. */
export function signingSecretsAt(
  sealed: SealedWebhookSecrets,
  now: Date,
  open: (sealed: string) => string,
): SigningSecrets {
  const previous = sealed.previous_secret_sealed;
  const overlapEnds = sealed.previous_secret_expires_at;
  return {
    current: open(sealed.secret_sealed),
    previous:
      previous !== null && overlapEnds !== null && overlapEnds.getTime() > now.getTime()
        ? open(previous)
        : null,
  };
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
