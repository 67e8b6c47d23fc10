import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import type { DashboardMember } from '../../domain/principal.ts';
import {
  checkTeamChange,
  type Permission,
  type Role,
  ROLE_PERMISSIONS,
  ROLE_SUMMARIES,
  roleMay,
  ROLES,
} from '../../domain/team.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { endLoginsOfMember, type Login, openLogin, subjectKey } from '../access/index.ts';
import { ownerDueAt, type TwoFactorStatus, twoFactorStatus } from './two-factor.ts';

/**
 * A merchant's team (decision 0064). States of a member: `invited` (the e-mail is sent or on its
 * way; no password, cannot sign in) → `active` (chose a password through the link). Removal
 * deletes the row and ends its logins; the audit log keeps its name.
 */

export interface TeamMemberView {
  id: string;
  object: 'team_member';
  name: string;
  email: string;
  role: Role;
  status: 'invited' | 'active';
  account_holder: boolean;
  created_at: string;
}

export interface TeamView {
  object: 'team';
  members: TeamMemberView[];
  support_refund_limit_kobo: number | null;
  roles: { role: Role; summary: string }[];
}

export interface SignedInMemberView extends TeamMemberView {
  permissions: Permission[];
  support_refund_limit_kobo: number | null;
  two_factor: TwoFactorStatus;
}

interface MemberRow {
  id: string;
  name: string;
  email: string | null;
  role: Role;
  status: 'invited' | 'active';
  account_holder: boolean;
  created_at: Date;
}

function memberView(row: MemberRow, holderEmail: string): TeamMemberView {
  return {
    id: row.id,
    object: 'team_member',
    name: row.name,
    email: row.email ?? holderEmail,
    role: row.role,
    status: row.status,
    account_holder: row.account_holder,
    created_at: row.created_at.toISOString(),
  };
}

const MEMBER_COLUMNS = [
  'id',
  'name',
  'email',
  'role',
  'status',
  'account_holder',
  'created_at',
] as const;

async function holderEmail(db: AppContext['db'] | Tx, merchantId: string): Promise<string> {
  const row = await db
    .selectFrom('merchants')
    .select('email')
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw notFound('Merchant');
  return row.email;
}

export async function getTeam(ctx: AppContext, merchantId: string): Promise<TeamView> {
  const [rows, merchant] = await Promise.all([
    ctx.db
      .selectFrom('merchant_members')
      .select(MEMBER_COLUMNS)
      .where('merchant_id', '=', merchantId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('merchants')
      .select(['email', 'support_refund_limit_kobo'])
      .where('id', '=', merchantId)
      .executeTakeFirst(),
  ]);
  if (!merchant) throw notFound('Merchant');
  return {
    object: 'team',
    members: rows.map((row) => memberView(row, merchant.email)),
    support_refund_limit_kobo: merchant.support_refund_limit_kobo,
    roles: ROLES.map((role) => ({ role, summary: ROLE_SUMMARIES[role] })),
  };
}

/** The signed-in member and what its role lets it do (the dashboard shows only those buttons). */
export async function signedInMember(
  ctx: AppContext,
  merchantId: string,
  member: DashboardMember,
): Promise<SignedInMemberView> {
  const row = await ctx.db
    .selectFrom('merchant_members')
    .select(MEMBER_COLUMNS)
    .where('id', '=', member.id)
    .executeTakeFirst();
  if (!row) throw notFound('Team member');
  const permissions = (Object.keys(ROLE_PERMISSIONS) as Permission[]).filter((p) =>
    roleMay(row.role, p),
  );
  return {
    ...memberView(row, await holderEmail(ctx.db, merchantId)),
    permissions,
    support_refund_limit_kobo: member.supportRefundLimitKobo,
    two_factor: await twoFactorStatus(ctx, member.id),
  };
}

const refuse = (detail: string | null) => {
  if (detail !== null) throw new DomainError('forbidden', detail);
};

async function ownersOf(tx: Tx, merchantId: string): Promise<number> {
  const row = await tx
    .selectFrom('merchant_members')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('merchant_id', '=', merchantId)
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Locks the merchant's row: team changes of one account are serialised (the last owner holds). */
async function lockTeam(tx: Tx, merchantId: string): Promise<void> {
  await tx.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().execute();
}

async function memberOf(
  tx: Tx,
  merchantId: string,
  memberId: string,
): Promise<MemberRow & { two_factor_due_at: Date | null }> {
  const row = await tx
    .selectFrom('merchant_members')
    .select([...MEMBER_COLUMNS, 'two_factor_due_at'])
    .where('id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw notFound('Team member');
  return row;
}

/** Invites `email` with `role`: an invited member, and the e-mail's job, committed together. */
export async function inviteMember(
  ctx: AppContext,
  merchantId: string,
  actor: DashboardMember,
  invite: { email: string; name: string; role: Role },
): Promise<TeamMemberView> {
  refuse(checkTeamChange(actor.role, { kind: 'invite', role: invite.role }));
  const email = invite.email.trim();
  const now = ctx.clock.now();
  const row = await runWrite(ctx.db, async (tx) => {
    await lockTeam(tx, merchantId);
    const taken = await tx
      .selectFrom('merchant_members')
      .select('merchant_id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .unionAll(
        tx
          .selectFrom('merchants')
          .select('id as merchant_id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())),
      )
      .executeTakeFirst();
    if (taken) {
      throw new DomainError(
        'conflict',
        taken.merchant_id === merchantId
          ? `${email} is already on this team.`
          : `${email} already signs in to another Tranche merchant account: invite another address.`,
      );
    }
    const id = newId('mem');
    const inserted = await tx
      .insertInto('merchant_members')
      .values({
        id,
        merchant_id: merchantId,
        email,
        name: invite.name.trim(),
        role: invite.role,
        account_holder: false,
        password_hash: null,
        status: 'invited',
        invited_by: actor.id,
        invitation_digest: null,
        invitation_expires_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning(MEMBER_COLUMNS)
      .executeTakeFirstOrThrow();
    await enqueue(
      tx,
      'send_team_invitation',
      { member_id: id },
      { jobKey: `team-invitation:${id}`, maxAttempts: 10 },
    );
    return inserted;
  });
  return memberView(row, email);
}

export async function changeMemberRole(
  ctx: AppContext,
  merchantId: string,
  actor: DashboardMember,
  memberId: string,
  role: Role,
): Promise<TeamMemberView> {
  const now = ctx.clock.now();
  const row = await runWrite(ctx.db, async (tx) => {
    await lockTeam(tx, merchantId);
    const target = await memberOf(tx, merchantId, memberId);
    refuse(
      checkTeamChange(actor.role, {
        kind: 'change_role',
        from: target.role,
        to: role,
        accountHolder: target.account_holder,
        owners: await ownersOf(tx, merchantId),
      }),
    );
    return tx
      .updateTable('merchant_members')
      .set({
        role,
        updated_at: now,
        // A new owner has the grace period to turn two-factor sign-in on (decision 0065).
        two_factor_due_at:
          role !== 'owner'
            ? null
            : target.role === 'owner'
              ? target.two_factor_due_at
              : ownerDueAt(now),
      })
      .where('id', '=', memberId)
      .returning(MEMBER_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return memberView(row, await holderEmail(ctx.db, merchantId));
}

export async function removeMember(
  ctx: AppContext,
  merchantId: string,
  actor: DashboardMember,
  memberId: string,
): Promise<{ object: 'team_member'; id: string; removed: true }> {
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    await lockTeam(tx, merchantId);
    const target = await memberOf(tx, merchantId, memberId);
    refuse(
      checkTeamChange(actor.role, {
        kind: 'remove',
        role: target.role,
        accountHolder: target.account_holder,
        self: target.id === actor.id,
        owners: await ownersOf(tx, merchantId),
      }),
    );
    await endLoginsOfMember(tx, merchantId, memberId, now);
    await tx.deleteFrom('merchant_members').where('id', '=', memberId).execute();
  });
  ctx.credentialCache.invalidateLoginsOf(subjectKey('merchant', merchantId));
  return { object: 'team_member', id: memberId, removed: true };
}

/** The most one refund by a support member may be; null: support refunds nothing. Owners only. */
export async function setSupportRefundLimit(
  ctx: AppContext,
  merchantId: string,
  actor: DashboardMember,
  limitKobo: number | null,
): Promise<TeamView> {
  if (actor.role !== 'owner') {
    throw new DomainError(
      'forbidden',
      `${actor.role === 'admin' ? 'An' : 'A'} ${actor.role} member cannot set the support refund limit: only an owner can.`,
    );
  }
  await ctx.db
    .updateTable('merchants')
    .set({ support_refund_limit_kobo: limitKobo, updated_at: ctx.clock.now() })
    .where('id', '=', merchantId)
    .execute();
  return getTeam(ctx, merchantId);
}

/**
 * The invitation link's token: the member chooses a password, becomes active and is signed in,
 * in one transaction. The token works once, until it expires.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<{ merchantId: string; login: Login }> {
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const accepted = await runWrite(ctx.db, async (tx) => {
    const member = await tx
      .selectFrom('merchant_members')
      .select(['id', 'merchant_id', 'invitation_expires_at', 'role'])
      .where('invitation_digest', '=', sha256Hex(token))
      .where('status', '=', 'invited')
      .forUpdate()
      .executeTakeFirst();
    if (!member?.invitation_expires_at || member.invitation_expires_at <= now) return null;
    await tx
      .updateTable('merchant_members')
      .set({
        status: 'active',
        password_hash: passwordHash,
        invitation_digest: null,
        invitation_expires_at: null,
        updated_at: now,
        two_factor_due_at: member.role === 'owner' ? ownerDueAt(now) : null,
      })
      .where('id', '=', member.id)
      .execute();
    return {
      merchantId: member.merchant_id,
      login: await openLogin(tx, 'merchant', member.merchant_id, now, member.id),
    };
  });
  if (!accepted) {
    throw new DomainError(
      'reset_link_invalid',
      'This invitation link has expired or was already used. Ask the team’s owner for a new one.',
    );
  }
  return accepted;
}
