import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import { type GatewayBank, GatewayError } from '../../gateway/port.ts';

const BANK_CACHE_MS = 60 * 60_000;
const bankCache = new WeakMap<object, { banks: GatewayBank[]; fetchedAtMs: number }>();

/**
 * The gateway's Nigerian banks, cached for an hour, sorted by name. Codes are the CBN's 3-digit
 * ones (spec §2.2; the adapter translates the gateway's own), so a bank the gateway lists under a
 * code we cannot translate is left out rather than shown with a wrong code.
 */
async function gatewayBanks(ctx: AppContext): Promise<GatewayBank[]> {
  const nowMs = ctx.clock.now().getTime();
  let cached = bankCache.get(ctx.gateway);
  if (!cached || nowMs - cached.fetchedAtMs > BANK_CACHE_MS) {
    const banks = await ctx.gateway.listBanks().catch(bankListFailure);
    cached = {
      banks: banks
        .filter((b) => /^\d{3}$/.test(b.code))
        .sort((a, b) => a.name.localeCompare(b.name)),
      fetchedAtMs: nowMs,
    };
    bankCache.set(ctx.gateway, cached);
  }
  return cached.banks;
}

/**
 * A gateway that does not give its list of banks, whatever it says, is a gateway problem (502),
 * never a declined payment (402): no customer's card or account is involved.
 */
function bankListFailure(error: unknown): never {
  if (error instanceof GatewayError) {
    throw new DomainError(
      'gateway_unavailable',
      'The payment gateway did not give its list of banks. Try again in a moment.',
      { retryable: true },
    );
  }
  throw error;
}

/** Banks that support direct-debit mandates (the customer's bank-account step). */
export async function listMandateBanks(ctx: AppContext): Promise<{ name: string; code: string }[]> {
  return (await gatewayBanks(ctx))
    .filter((b) => b.supportsDirectDebit)
    .map((b) => ({ name: b.name, code: b.code }));
}

/**
 * Every bank a transfer can reach: where a merchant's settlement account may be (payouts are
 * transfers), each saying whether it also takes direct-debit mandates.
 */
export async function listBanks(
  ctx: AppContext,
): Promise<{ name: string; code: string; direct_debit: boolean }[]> {
  return (await gatewayBanks(ctx)).map((b) => ({
    name: b.name,
    code: b.code,
    direct_debit: b.supportsDirectDebit,
  }));
}
