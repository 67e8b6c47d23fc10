import type { KeyMode } from './api-key.ts';
import type { MerchantStatus } from './merchant.ts';
import type { StoredConstraints } from './session-constraints.ts';
import type { Role } from './team.ts';

/** Who is calling. Each route states which kinds it accepts. */
export type Principal =
  | {
      kind: 'secret_key';
      merchantId: string;
      keyId: string;
      mode: KeyMode;
      merchantStatus: MerchantStatus;
      /** Loaded with the key because session creation snapshots them (saves a query on the hot path). */
      defaultConstraints: StoredConstraints;
    }
  | {
      kind: 'merchant_dashboard';
      merchantId: string;
      merchantStatus: MerchantStatus;
      /** The team member signed in (decision 0064): whose role every request is judged by. */
      member: DashboardMember;
    }
  | { kind: 'customer'; customerId: string }
  /** An operator signed in with their own account (decision 0035): who acts is proven. */
  | { kind: 'admin'; operatorId: string; operatorName: string };

export type PrincipalKind = Principal['kind'];

export type SecretKeyPrincipal = Extract<Principal, { kind: 'secret_key' }>;

/** A signed-in team member, as loaded with each dashboard request. */
export interface DashboardMember {
  id: string;
  name: string;
  role: Role;
  accountHolder: boolean;
  /** The owner's limit on one refund by a support member; null: none. */
  supportRefundLimitKobo: number | null;
  /** Two-factor sign-in (decision 0065): on or not, and when an owner must have it by. */
  twoFactorEnabled: boolean;
  twoFactorDueAt: Date | null;
}
