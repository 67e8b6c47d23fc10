import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { principalOf, requireAuth } from '../../http/plugins/auth.ts';
import {
  Envelope,
  errorResponses,
  MerchantIdParams,
  PageEnvelope,
  PageQuery,
  Password,
  Strict,
} from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { merchantScope } from '../access/index.ts';
import { dashboardSession, MerchantSession } from '../merchants/index.ts';
import { listMemberActions } from './audit.ts';
import {
  acceptInvitation,
  changeMemberRole,
  getTeam,
  inviteMember,
  removeMember,
  setSupportRefundLimit,
  signedInMember,
} from './members.ts';
import {
  InviteBody,
  MemberAction,
  RoleSchema,
  SignedInMember,
  Team,
  TeamMember,
  TwoFactorCodeBody,
  TwoFactorEnabled,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from './schemas.ts';
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  startTwoFactorEnrolment,
  twoFactorStatus,
} from './two-factor.ts';

const dashboard = ['merchant_dashboard'] as const;
const security = [{ merchantJwt: [] }];
const MemberParams = Type.Object(
  { merchant_id: Type.String({ maxLength: 64 }), member_id: Type.String({ maxLength: 64 }) },
  Strict,
);

/** The team (decision 0064): dashboard token only; a secret key is the merchant, not a member. */
export function registerTeamRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/v1/merchant/:merchant_id/team',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'getTeam',
        tags: ['Team'],
        summary: 'List the team',
        description:
          'Every member with its role and status (`invited` until the invitation link is used), the support refund limit and what each role may do.',
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(Team), ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = merchantScope(
        principalOf(request, ...dashboard),
        request.params.merchant_id,
      );
      return { ok: true as const, data: await getTeam(ctx, merchantId) };
    },
  );

  app.get(
    '/api/v1/merchant/:merchant_id/team/me',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'getSignedInMember',
        tags: ['Team'],
        summary: 'Read the signed-in member',
        description:
          'Who is signed in, with its role and `permissions` (the dashboard shows only what the role may do; the API refuses the rest with 403 either way).',
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(SignedInMember), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      const merchantId = merchantScope(principal, request.params.merchant_id);
      return { ok: true as const, data: await signedInMember(ctx, merchantId, principal.member) };
    },
  );

  registerTwoFactorRoutes(app, ctx);

  app.post(
    '/api/v1/merchant/:merchant_id/team/invitations',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'inviteTeamMember',
        tags: ['Team'],
        summary: 'Invite a team member by e-mail',
        description:
          'Owners and admins (only an owner invites an owner). The invitee gets an e-mail with a link, valid for seven days, to choose a password; until then the member is `invited`. An address already on a team (this one or another) is 409 `conflict`.',
        security,
        params: MerchantIdParams,
        body: InviteBody,
        response: { 201: Envelope(TeamMember), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request, ...dashboard);
      const merchantId = merchantScope(principal, request.params.merchant_id);
      const member = await inviteMember(ctx, merchantId, principal.member, request.body);
      return reply.code(201).send({ ok: true as const, data: member });
    },
  );

  app.patch(
    '/api/v1/merchant/:merchant_id/team/members/:member_id',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'changeTeamMemberRole',
        tags: ['Team'],
        summary: "Change a member's role",
        description:
          'Owners and admins; only an owner makes or unmakes an owner. The account holder stays an owner, and the last owner keeps the role (403). Takes effect on the member’s next request.',
        security,
        params: MemberParams,
        body: Type.Object({ role: RoleSchema }, Strict),
        response: { 200: Envelope(TeamMember), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      const merchantId = merchantScope(principal, request.params.merchant_id);
      return {
        ok: true as const,
        data: await changeMemberRole(
          ctx,
          merchantId,
          principal.member,
          request.params.member_id,
          request.body.role,
        ),
      };
    },
  );

  app.delete(
    '/api/v1/merchant/:merchant_id/team/members/:member_id',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'removeTeamMember',
        tags: ['Team'],
        summary: 'Remove a team member',
        description:
          'Owners and admins; only an owner removes an owner. The account holder, the last owner and yourself cannot be removed (403). The member’s logins end at once.',
        security,
        params: MemberParams,
        response: {
          200: Envelope(
            Type.Object({
              object: Type.Literal('team_member'),
              id: Type.String(),
              removed: Type.Literal(true),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      const merchantId = merchantScope(principal, request.params.merchant_id);
      return {
        ok: true as const,
        data: await removeMember(ctx, merchantId, principal.member, request.params.member_id),
      };
    },
  );

  app.patch(
    '/api/v1/merchant/:merchant_id/team/refund-limit',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'setSupportRefundLimit',
        tags: ['Team'],
        summary: 'Set the support refund limit',
        description:
          'Owners only: the most one refund by a support member may be, in kobo; `null` (the default) lets support refund nothing. A support member must state the amount of each refund.',
        security,
        params: MerchantIdParams,
        body: Type.Object(
          {
            support_refund_limit_kobo: Type.Union([
              Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
              Type.Null(),
            ]),
          },
          Strict,
        ),
        response: { 200: Envelope(Team), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      const merchantId = merchantScope(principal, request.params.merchant_id);
      return {
        ok: true as const,
        data: await setSupportRefundLimit(
          ctx,
          merchantId,
          principal.member,
          request.body.support_refund_limit_kobo,
        ),
      };
    },
  );

  app.post(
    '/api/v1/merchant/team/accept',
    {
      schema: {
        operationId: 'acceptTeamInvitation',
        security: [],
        tags: ['Team'],
        summary: "Accept an invitation with the link's token",
        description:
          'The invitee chooses a password and is signed in (a dashboard session). An expired, used or unknown token: 400 `reset_link_invalid`.',
        body: Type.Object(
          { token: Type.String({ minLength: 1, maxLength: 200 }), password: Password },
          Strict,
        ),
        response: { 200: Envelope(MerchantSession), ...errorResponses },
      },
    },
    async (request) => {
      const { merchantId, login } = await acceptInvitation(
        ctx,
        request.body.token,
        request.body.password,
      );
      return { ok: true as const, data: await dashboardSession(ctx, merchantId, login) };
    },
  );

  app.get(
    '/api/v1/merchant/:merchant_id/audit-log',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'listMemberActions',
        tags: ['Team'],
        summary: 'Read the audit log',
        description:
          'Owners and admins: every change a team member made from the dashboard, newest first: who (the member’s name and role then), what (`action`, `description`, the route), when. Pass `next_cursor` back as `cursor`.',
        security,
        params: MerchantIdParams,
        querystring: Type.Object({ ...PageQuery }, Strict),
        response: { 200: PageEnvelope(MemberAction), ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = merchantScope(
        principalOf(request, ...dashboard),
        request.params.merchant_id,
      );
      const page = await listMemberActions(ctx, merchantId, {
        limit: request.query.limit,
        ...(request.query.cursor && { cursor: request.query.cursor }),
      });
      return { ok: true as const, ...page };
    },
  );
}

/** The signed-in member's own two-factor sign-in (decision 0065). */
function registerTwoFactorRoutes(app: TypedApp, ctx: AppContext): void {
  app.post(
    '/api/v1/merchant/:merchant_id/team/me/two-factor',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'startTwoFactorEnrolment',
        tags: ['Team'],
        summary: 'Start turning on two-factor sign-in',
        description:
          'Hands the signed-in member a new TOTP key (base32, and as an `otpauth://` URI for an authenticator app). Nothing changes until it is confirmed with a code; starting again replaces the key. Already on: 409 `conflict`. Any role; owners must (decision 0065).',
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(TwoFactorEnrolment), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      merchantScope(principal, request.params.merchant_id);
      return { ok: true as const, data: await startTwoFactorEnrolment(ctx, principal.member) };
    },
  );

  app.post(
    '/api/v1/merchant/:merchant_id/team/me/two-factor/confirm',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'confirmTwoFactorEnrolment',
        tags: ['Team'],
        summary: 'Turn on two-factor sign-in with a code',
        description:
          'The code the authenticator app shows for the key just handed out. On: from now on sign-in asks for a code, and paying out or changing the settlement account need one in the `Two-Factor-Code` header. The answer holds ten single-use recovery codes, shown this once. A wrong code: 400 (it counts toward the sign-in throttle); nothing started: 409.',
        security,
        params: MerchantIdParams,
        body: TwoFactorCodeBody,
        response: { 200: Envelope(TwoFactorEnabled), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      merchantScope(principal, request.params.merchant_id);
      return {
        ok: true as const,
        data: await confirmTwoFactorEnrolment(ctx, principal.member, request.body.code, request.ip),
      };
    },
  );

  app.get(
    '/api/v1/merchant/:merchant_id/team/me/two-factor',
    {
      preValidation: requireAuth(ctx, dashboard),
      schema: {
        operationId: 'getTwoFactorStatus',
        tags: ['Team'],
        summary: 'Read the signed-in member’s two-factor sign-in',
        description:
          'On or off, whether it is required (owners), until when an owner may go without it, and how many recovery codes are left.',
        security,
        params: MerchantIdParams,
        response: { 200: Envelope(TwoFactorStatus), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      merchantScope(principal, request.params.merchant_id);
      return { ok: true as const, data: await twoFactorStatus(ctx, principal.member.id) };
    },
  );

  app.delete(
    '/api/v1/merchant/:merchant_id/team/me/two-factor',
    {
      // The merchant first, then the body: another merchant's member gets 404, not a 400 about
      // what the body needs.
      preValidation: [
        requireAuth(ctx, dashboard),
        async (request: FastifyRequest) => {
          const { merchant_id: merchantId } = request.params as { merchant_id: string };
          merchantScope(principalOf(request, ...dashboard), merchantId);
        },
      ],
      schema: {
        operationId: 'disableTwoFactor',
        tags: ['Team'],
        summary: 'Turn off two-factor sign-in',
        description:
          'With a current code (or a recovery code); the key and the recovery codes are deleted. Owners cannot (403: it is required of them). A wrong code: 403 `step_up_required`.',
        security,
        params: MerchantIdParams,
        body: TwoFactorCodeBody,
        response: { 200: Envelope(TwoFactorStatus), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request, ...dashboard);
      merchantScope(principal, request.params.merchant_id);
      return {
        ok: true as const,
        data: await disableTwoFactor(ctx, principal.member, request.body.code, request.ip),
      };
    },
  );
}
