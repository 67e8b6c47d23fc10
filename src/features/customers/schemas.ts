import { Type } from 'typebox';

import { Timestamp, TokenPair } from '../../http/schemas.ts';

export const Customer = Type.Object(
  {
    id: Type.String({ examples: ['cus_1aB2cD3eF4gH5iJ6kL7m'] }),
    object: Type.Literal('customer'),
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    phone: Type.String(),
    phone_verified: Type.Boolean({
      description:
        'Whether the customer proved they hold `phone` with a code texted to it. Only a verified phone can receive sign-in codes and notices by SMS (decision 0053).',
    }),
    created_at: Timestamp,
  },
  { $id: 'Customer' },
);

export const CustomerSession = Type.Object(
  { customer: Customer, ...TokenPair },
  { $id: 'CustomerSession' },
);
