import type { AppContext } from '../../app-context.ts';

/**
 * Session tokens are `cst_` and 40 base62 characters; the session routes accept up to 100
 * characters. Anything else (NUL bytes, very long or odd text from a URL) cannot name a session,
 * so it is answered without a query and can never make the database refuse the statement.
 */
const PLAUSIBLE_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The origins allowed to embed the checkout of the session with this token in the TrancheConnect
 * iframe: its merchant's `allowed_checkout_origins` (decision 0013), for the checkout page's CSP
 * `frame-ancestors`. `[]`: not restricted (any site may embed it). `null`: no session has this
 * token. One query through the unique index on the token and the merchants' primary key, whatever
 * the session's status; it never throws for a malformed token.
 */
export async function checkoutFrameAncestors(
  ctx: AppContext,
  sessionToken: string,
): Promise<string[] | null> {
  if (!PLAUSIBLE_TOKEN.test(sessionToken)) return null;
  const row = await ctx.db
    .selectFrom('checkout_sessions')
    .innerJoin('merchants', 'merchants.id', 'checkout_sessions.merchant_id')
    .select('merchants.allowed_checkout_origins')
    .where('checkout_sessions.token', '=', sessionToken)
    .executeTakeFirst();
  return row ? [...row.allowed_checkout_origins] : null;
}
