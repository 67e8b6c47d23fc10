import type { Principal } from '../../domain/principal.ts';

/** Most merchant routes take a secret key or the dashboard token; `security` tells OpenAPI so. */
export const merchantAuth = ['secret_key', 'merchant_dashboard'] as const;
export const security: { [scheme: string]: string[] }[] = [{ secretKey: [] }, { merchantJwt: [] }];

/** Whose webhook endpoint the record's top-level `webhook_url` shows: the key's mode, else live. */
export const viewMode = (principal: Principal) =>
  principal.kind === 'secret_key' ? principal.mode : undefined;
