import { Type } from 'typebox';

import { Email, Strict, Timestamp } from '../../http/schemas.ts';

export const RoleSchema = Type.Union(
  [
    Type.Literal('owner'),
    Type.Literal('admin'),
    Type.Literal('developer'),
    Type.Literal('support'),
    Type.Literal('finance'),
    Type.Literal('viewer'),
  ],
  {
    description:
      'owner: everything; admin: all but owners and the settlement account; developer: keys, webhooks, test tools; support: plans, payment links, refunds up to the limit; finance: wallet and payouts; viewer: reads only (decision 0064).',
  },
);

export const TeamMember = Type.Object(
  {
    id: Type.String({ examples: ['mem_4Hc9sR2mV7yN3qX6tB1d'] }),
    object: Type.Literal('team_member'),
    name: Type.String(),
    email: Type.String(),
    role: RoleSchema,
    status: Type.Union([Type.Literal('invited'), Type.Literal('active')]),
    account_holder: Type.Boolean({
      description:
        'The member whose e-mail the account was registered with: always an owner, never removed.',
    }),
    created_at: Timestamp,
  },
  { $id: 'TeamMember' },
);

export const Team = Type.Object(
  {
    object: Type.Literal('team'),
    members: Type.Array(TeamMember),
    support_refund_limit_kobo: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The most one refund by a support member may be; null: support refunds nothing.',
    }),
    roles: Type.Array(Type.Object({ role: RoleSchema, summary: Type.String() })),
  },
  { $id: 'Team' },
);

export const TwoFactorStatus = Type.Object(
  {
    object: Type.Literal('two_factor'),
    enabled: Type.Boolean(),
    enabled_at: Type.Union([Timestamp, Type.Null()]),
    required: Type.Boolean({ description: 'Owners must have two-factor sign-in on.' }),
    due_at: Type.Union([Timestamp, Type.Null()], {
      description:
        'An owner without two-factor sign-in may only read and enrol after this (seven days from becoming an owner); null when on or not required.',
    }),
    recovery_codes_left: Type.Integer(),
  },
  { $id: 'TwoFactorStatus' },
);

export const TwoFactorEnrolment = Type.Object(
  {
    object: Type.Literal('two_factor_enrolment'),
    secret: Type.String({
      description: 'The TOTP key, base32: type it into an authenticator app.',
    }),
    otpauth_uri: Type.String({
      description: 'The same key as an `otpauth://totp/…` URI (SHA-1, 6 digits, 30 s).',
    }),
  },
  { $id: 'TwoFactorEnrolment' },
);

export const TwoFactorEnabled = Type.Object(
  {
    ...TwoFactorStatus.properties,
    recovery_codes: Type.Array(Type.String(), {
      description:
        'Ten single-use recovery codes (`ABCDE-FGHIJ`), shown this once: each works instead of an authenticator code.',
    }),
  },
  { $id: 'TwoFactorEnabled' },
);

export const TwoFactorCodeBody = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 20,
      description: 'The 6-digit code the authenticator app shows now.',
    }),
  },
  Strict,
);

export const SignedInMember = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('team_member'),
    name: Type.String(),
    email: Type.String(),
    role: RoleSchema,
    status: Type.Union([Type.Literal('invited'), Type.Literal('active')]),
    account_holder: Type.Boolean(),
    created_at: Timestamp,
    permissions: Type.Array(Type.String(), {
      description: 'What this member’s role may do (the names of the permission table).',
    }),
    support_refund_limit_kobo: Type.Union([Type.Integer(), Type.Null()]),
    two_factor: TwoFactorStatus,
  },
  { $id: 'SignedInMember' },
);

export const InviteBody = Type.Object(
  {
    email: Email,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    role: RoleSchema,
  },
  Strict,
);

export const MemberAction = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('member_action'),
    member_id: Type.Union([Type.String(), Type.Null()]),
    member_name: Type.String(),
    member_role: Type.String(),
    action: Type.String({ description: 'The permission the request used, e.g. `pay_out`.' }),
    description: Type.String({ description: 'The action in words.' }),
    method: Type.String(),
    path: Type.String(),
    status: Type.Integer(),
    request_id: Type.Union([Type.String(), Type.Null()]),
    ip: Type.Union([Type.String(), Type.Null()]),
    created_at: Timestamp,
  },
  { $id: 'MemberAction' },
);
