// The dashboard's Team calls (decision 0064): the team, the signed-in member, invitations, roles,
// removal, the support refund limit and the audit log, on `MerchantApi.request()`.
import type { Static } from 'typebox';

import type {
  MemberAction as MemberActionSchema,
  SignedInMember as SignedInMemberSchema,
  Team as TeamSchema,
  TeamMember as TeamMemberSchema,
  TwoFactorEnabled as TwoFactorEnabledSchema,
  TwoFactorEnrolment as TwoFactorEnrolmentSchema,
  TwoFactorStatus as TwoFactorStatusSchema,
} from '../../../src/features/team/schemas.ts';
import type { MerchantApi, MerchantRecord } from './index.ts';

export type Team = Static<typeof TeamSchema>;
export type TeamMember = Static<typeof TeamMemberSchema>;
export type SignedInMember = Static<typeof SignedInMemberSchema>;
export type MemberAction = Static<typeof MemberActionSchema>;
export type Role = TeamMember['role'];
export type TwoFactorStatus = Static<typeof TwoFactorStatusSchema>;
export type TwoFactorEnrolment = Static<typeof TwoFactorEnrolmentSchema>;
export type TwoFactorEnabled = Static<typeof TwoFactorEnabledSchema>;

const enc = encodeURIComponent;

export async function getTeam(api: MerchantApi, merchantId: string): Promise<Team> {
  return (await api.request<{ data: Team }>('GET', `/merchant/${enc(merchantId)}/team`)).data;
}

export async function getSignedInMember(
  api: MerchantApi,
  merchantId: string,
): Promise<SignedInMember> {
  return (
    await api.request<{ data: SignedInMember }>('GET', `/merchant/${enc(merchantId)}/team/me`)
  ).data;
}

export async function inviteMember(
  api: MerchantApi,
  merchantId: string,
  invite: { email: string; name: string; role: Role },
): Promise<TeamMember> {
  return (
    await api.request<{ data: TeamMember }>(
      'POST',
      `/merchant/${enc(merchantId)}/team/invitations`,
      invite,
    )
  ).data;
}

export async function changeRole(
  api: MerchantApi,
  merchantId: string,
  memberId: string,
  role: Role,
): Promise<TeamMember> {
  return (
    await api.request<{ data: TeamMember }>(
      'PATCH',
      `/merchant/${enc(merchantId)}/team/members/${enc(memberId)}`,
      { role },
    )
  ).data;
}

export async function removeMember(
  api: MerchantApi,
  merchantId: string,
  memberId: string,
): Promise<void> {
  await api.request('DELETE', `/merchant/${enc(merchantId)}/team/members/${enc(memberId)}`);
}

export async function setSupportRefundLimit(
  api: MerchantApi,
  merchantId: string,
  limitKobo: number | null,
): Promise<Team> {
  return (
    await api.request<{ data: Team }>('PATCH', `/merchant/${enc(merchantId)}/team/refund-limit`, {
      support_refund_limit_kobo: limitKobo,
    })
  ).data;
}

export async function listMemberActions(
  api: MerchantApi,
  merchantId: string,
  cursor?: string,
): Promise<{ data: MemberAction[]; next_cursor: string | null }> {
  const query = cursor ? `?cursor=${enc(cursor)}` : '';
  return api.request('GET', `/merchant/${enc(merchantId)}/audit-log${query}`);
}

export async function acceptInvitation(
  api: MerchantApi,
  token: string,
  password: string,
): Promise<MerchantRecord> {
  return api.acceptInvitation(token, password);
}

/** Two-factor sign-in of the signed-in member (decision 0065): start, confirm, read, turn off. */
export async function startTwoFactor(
  api: MerchantApi,
  merchantId: string,
): Promise<TwoFactorEnrolment> {
  return (
    await api.request<{ data: TwoFactorEnrolment }>(
      'POST',
      `/merchant/${enc(merchantId)}/team/me/two-factor`,
      {},
    )
  ).data;
}

export async function confirmTwoFactor(
  api: MerchantApi,
  merchantId: string,
  code: string,
): Promise<TwoFactorEnabled> {
  return (
    await api.request<{ data: TwoFactorEnabled }>(
      'POST',
      `/merchant/${enc(merchantId)}/team/me/two-factor/confirm`,
      { code },
    )
  ).data;
}

export async function disableTwoFactor(
  api: MerchantApi,
  merchantId: string,
  code: string,
): Promise<TwoFactorStatus> {
  return (
    await api.request<{ data: TwoFactorStatus }>(
      'DELETE',
      `/merchant/${enc(merchantId)}/team/me/two-factor`,
      { code },
    )
  ).data;
}
