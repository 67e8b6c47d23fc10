import type { Db } from '../../db/database.ts';
import type { RenderedNotification } from '../../domain/notification-content.ts';
import { DeliveryError, type NotificationChannel } from '../../notifications/port.ts';
import type { Clock } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { randomBase62 } from '../../platform/ids.ts';

/**
 * The invitation e-mail (decision 0064), sent by the worker as password resets are (decision
 * 0058): the job mints the token, e-mails the link and only then stores the token's digest, so a
 * send retried after a crash mints a new token and only the last e-mail's link works. The link
 * lives a week and works once; the token travels in the fragment, which no server receives.
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export function invitationLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/merchant/accept-invitation#token=${encodeURIComponent(token)}`;
}

export function renderInvitationEmail(facts: {
  name: string;
  businessName: string;
  inviter: string;
  role: string;
  link: string;
}): RenderedNotification {
  return {
    subject: `You are invited to the ${facts.businessName} team on Tranche`,
    summary: `An invitation to the ${facts.businessName} team was sent to your e-mail address.`,
    text: [
      `Hi ${facts.name},`,
      '',
      `${facts.inviter} invited you to the Tranche merchant dashboard of ${facts.businessName}, as ${facts.role}. Open this link to choose your password and sign in:`,
      '',
      facts.link,
      '',
      'The link works once, for seven days. If you did not expect this, ignore this e-mail.',
      '',
      '-- ',
      'Tranche: installment checkout for your shop.',
      '',
    ].join('\n'),
  };
}

export interface SendInvitationDeps {
  db: Db;
  clock: Clock;
  email: NotificationChannel;
  publicBaseUrl: string;
}

/** Throws on a transient failure, so that the job is retried with back-off. */
export async function sendTeamInvitation(
  deps: SendInvitationDeps,
  memberId: string,
): Promise<'sent' | 'not_invited' | 'failed'> {
  const member = await deps.db
    .selectFrom('merchant_members as mm')
    .innerJoin('merchants as m', 'm.id', 'mm.merchant_id')
    .leftJoin('merchant_members as inviter', 'inviter.id', 'mm.invited_by')
    .select([
      'mm.id',
      'mm.email',
      'mm.name',
      'mm.role',
      'mm.status',
      'm.business_name',
      'inviter.name as inviter_name',
    ])
    .where('mm.id', '=', memberId)
    .executeTakeFirst();
  if (!member || member.status !== 'invited' || member.email === null) return 'not_invited';
  const now = deps.clock.now();
  const token = `inv_${randomBase62(43)}`;
  try {
    await deps.email.send({
      id: member.id,
      kind: 'team_invitation',
      customerId: null,
      recipient: { email: member.email, name: member.name },
      rendered: renderInvitationEmail({
        name: member.name,
        businessName: member.business_name,
        inviter: member.inviter_name ?? member.business_name,
        role: member.role,
        link: invitationLink(deps.publicBaseUrl, token),
      }),
      data: {},
      at: now,
    });
  } catch (error) {
    if (!(error instanceof DeliveryError && error.permanent)) throw error;
    return 'failed';
  }
  await deps.db
    .updateTable('merchant_members')
    .set({
      invitation_digest: sha256Hex(token),
      invitation_expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
    })
    .where('id', '=', member.id)
    .where('status', '=', 'invited')
    .execute();
  return 'sent';
}
