import { describe, expect, it } from 'vitest';

import { constructEvent } from '../../sdk/node/src/webhooks.ts';
import { signatureHeaders } from '../../src/features/merchant-webhooks/signing.ts';
import { report } from './battery.ts';

/**
 * B26 of the reliability battery: `X-Tranche-Signature` against fixed vectors computed outside
 * this code (Python's hmac module: `hmac.new(secret, body, hashlib.sha512).hexdigest()`), over
 * event bodies like ours (non-ASCII text, escapes, an empty object), with the rotation overlap's
 * second header; then the reference verifier (the Node SDK's `constructEvent`) given every body
 * with one byte altered, and every signature with one character altered: all refused.
 */
const SECRET = 'whsec_test_9f3KcT2mZqP7vLx4';
const PREVIOUS = 'whsec_test_previous_Qw8r';

const VECTORS: { body: string; signature: string }[] = [
  {
    body: '{"id":"evt_8Jd2LkQ9x","event":"payment.success","created_at":"2026-11-26T12:00:00.000Z","data":{"plan_id":"plan_4hT","amount":625000,"fee":15625,"merchant_net":609375,"currency":"NGN"}}',
    signature:
      'beada4ddbf16c42d2bf8cf45a361d9b620ac95fe562e022c7d9c750607d3914feb1e3715c20defd0c412c5ab6673038985009598291ec134a87ea52b44e3038b',
  },
  {
    body: '{"id":"evt_u1","event":"installment_paid","created_at":"2026-11-26T12:00:00.000Z","data":{"title":"Ankara gown — ₦25,000 · Adébáyọ̀","note":"line\\nbreak \\"quoted\\" \\u2028"}}',
    signature:
      '436f6b0eb3d2563400c13970d7d1832014d154d4aeac86182a55715e31a86732be3e1c98136eed083c49f695d2ffde06ef368ac444f294b0b3d0d2efab8cb5a4',
  },
  {
    body: '{"id":"evt_e","event":"plan.completed","created_at":"2026-11-26T12:00:00.000Z","data":{}}',
    signature:
      'f8f64e1efe7a7955ad6fc6a381799e0d86242002752ab4258e3b74e6d749a236da1a59b0cb5dfecea8313bd020d342b99b1e759135623554d45bb47963904d7a',
  },
];
const PREVIOUS_SIGNATURE_OF_FIRST =
  '9f2d51ba9fb6dde507f585553d64c6e6234e41a0507b4ced92bcc70f78e634bc09dcd1baef79bb27b07e3a8240cc70df8b68410226e3ea7e57703d93ca7a202b';

const headersFor = (body: string, previous: string | null = null) =>
  signatureHeaders(body, { current: SECRET, previous }, { id: 'evt_x', type: 'payment.success' });

describe('B26: webhook signature conformance', () => {
  it('our signer matches the fixed vectors, and the overlap header carries the previous secret’s', () => {
    for (const vector of VECTORS) {
      expect(headersFor(vector.body)['x-tranche-signature']).toBe(vector.signature);
    }
    const overlap = headersFor(VECTORS[0]!.body, PREVIOUS);
    expect(overlap['x-tranche-signature']).toBe(VECTORS[0]!.signature);
    expect(overlap['x-tranche-signature-previous']).toBe(PREVIOUS_SIGNATURE_OF_FIRST);
    // A receiver holding only the previous secret verifies during the overlap.
    expect(constructEvent(VECTORS[0]!.body, overlap, PREVIOUS).id).toBe('evt_8Jd2LkQ9x');
  });

  it('the reference verifier accepts each vector and refuses any altered byte or signature character', () => {
    let altered = 0;
    let refused = 0;
    for (const vector of VECTORS) {
      expect(constructEvent(vector.body, vector.signature, SECRET).id).toMatch(/^evt_/);
      const bytes = Buffer.from(vector.body, 'utf8');
      for (let i = 0; i < bytes.length; i++) {
        const copy = Buffer.from(bytes);
        copy[i] = copy[i]! ^ 0x01;
        altered += 1;
        try {
          constructEvent(copy, vector.signature, SECRET);
        } catch {
          refused += 1;
        }
      }
      for (let i = 0; i < vector.signature.length; i++) {
        const c = vector.signature[i]!;
        const other = c === '0' ? '1' : '0';
        altered += 1;
        try {
          constructEvent(
            vector.body,
            vector.signature.slice(0, i) + other + vector.signature.slice(i + 1),
            SECRET,
          );
        } catch {
          refused += 1;
        }
      }
      for (const wrong of [
        vector.signature.toUpperCase(),
        vector.signature.slice(0, 64),
        `${vector.signature}00`,
        '',
      ]) {
        altered += 1;
        try {
          constructEvent(vector.body, wrong, SECRET);
        } catch {
          refused += 1;
        }
      }
    }
    report('B26', { vectors: VECTORS.length, altered, refused });
    expect(refused).toBe(altered);
  });
});
