import type { KeyMode } from './api-key.ts';
import type { MerchantStatus } from './merchant.ts';
import type { StoredConstraints } from './session-constraints.ts';

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
  | { kind: 'merchant_dashboard'; merchantId: string; merchantStatus: MerchantStatus }
  | { kind: 'customer'; customerId: string }
  /** An operator signed in with their own account (decision 0035): who acts is proven. */
  | { kind: 'admin'; operatorId: string; operatorName: string };

export type PrincipalKind = Principal['kind'];

export type SecretKeyPrincipal = Extract<Principal, { kind: 'secret_key' }>;
