import { Type } from 'typebox';

import { Strict } from '../../http/schemas.ts';

export const Identity = Type.Object(
  {
    object: Type.Literal('identity_verification'),
    status: Type.Union(
      [Type.Literal('verified'), Type.Literal('pending_phone_code'), Type.Literal('unverified')],
      {
        description:
          '`pending_phone_code`: the BVN matched and its record has a phone; the identity counts once the code sent to it is entered (`POST /api/v1/customers/me/identity/phone-code`).',
      },
    ),
    bvn_last4: Type.Union([Type.String(), Type.Null()]),
    verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    phone_hint: Type.Union([Type.String(), Type.Null()], {
      description:
        'While `pending_phone_code`: the masked phone the code went to, e.g. `0803 *** 4567`.',
    }),
    code_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    code_attempts_left: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  { $id: 'IdentityVerification' },
);

export const ConsentTextView = Type.Object(
  {
    object: Type.Literal('identity_consent_text'),
    version: Type.String({ description: 'Send it back as `consent.text_version`.' }),
    provider: Type.String({ description: 'Who checks the BVN, as the text names them.' }),
    text: Type.String({ description: 'Show it in full, before the BVN can be submitted.' }),
    sha256: Type.String({ description: 'SHA-256 of `text` (UTF-8), recorded with the consent.' }),
    test_values: Type.Union(
      [
        Type.Object({
          bvn_prefix: Type.String(),
          date_of_birth: Type.String(),
          phone_code: Type.Union([Type.String(), Type.Null()]),
        }),
        Type.Null(),
      ],
      {
        description:
          'Only when the provider is a test one (the sandbox or the Dojah simulator): a BVN prefix (fill in the rest with digits) that verifies, its date of birth and the one-time code. Null with a real provider.',
      },
    ),
  },
  { $id: 'IdentityConsentText' },
);

export const VerifyIdentityBody = Type.Object(
  {
    bvn: Type.String({ maxLength: 32, description: '11 digits.' }),
    date_of_birth: Type.String({ maxLength: 10, description: 'YYYY-MM-DD.' }),
    first_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'As on the BVN record; default: the account’s.',
      }),
    ),
    last_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    consent: Type.Optional(
      Type.Object(
        {
          text_version: Type.String({
            maxLength: 100,
            description: 'The `version` of the consent text shown (GET …/identity/consent-text).',
          }),
          agreed: Type.Boolean({
            description:
              'True: the customer ticked the unticked box themselves. False is refused like a missing consent.',
          }),
        },
        Strict,
      ),
    ),
    checkout_session_token: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'The checkout in which the consent is given, if any.',
      }),
    ),
  },
  Strict,
);

export const PhoneCodeBody = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 12,
      description: 'The code sent to the phone.',
      examples: ['123456'],
    }),
  },
  Strict,
);

export const ConsentWithdrawal = Type.Object(
  {
    object: Type.Literal('identity_consent_withdrawal'),
    withdrawn: Type.Integer({ minimum: 0 }),
  },
  { $id: 'IdentityConsentWithdrawal' },
);
