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
    created_at: Timestamp,
  },
  { $id: 'Customer' },
);

export const CustomerSession = Type.Object(
  { customer: Customer, ...TokenPair },
  { $id: 'CustomerSession' },
);
