/**
 * `tranche transfer-otp`: turns the gateway account's transfer OTP off (or on again), the way
 * Paystack documents for automated payouts (decision 0043; docs/gateway-protocol.md §14). Off,
 * payouts go out without an operator; on, each waits in the console for its OTP. Run by whoever
 * runs the service: it changes the whole gateway account, so there is no HTTP route for it.
 */
import { parseArgs } from 'node:util';

import { DomainError } from '../domain/errors.ts';
import { HELP, parsed, print, usage, UsageError, withRuntime } from './cli-shared.ts';

export async function runTransferOtp(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;
  if (action === 'disable' || action === 'enable') {
    const { values, positionals } = parsed(`transfer-otp ${action}`, () =>
      parseArgs({ args: rest, allowPositionals: true, options: { ...HELP } }),
    );
    if (values.help) return usage(`transfer-otp ${action}`);
    const [otp, ...extra] = positionals;
    if (extra.length > 0 || (action === 'enable' && otp !== undefined)) {
      throw new UsageError(`transfer-otp ${action}`, `Unexpected argument '${extra[0] ?? otp}'.`);
    }
    if (otp !== undefined && !/^[0-9]{4,10}$/.test(otp)) {
      throw new DomainError('invalid_request', 'The OTP is 4 to 10 digits.');
    }
    const { message } = await withRuntime(async ({ ctx }) => {
      if (action === 'enable') return ctx.gateway.enableTransferOtp();
      return otp === undefined
        ? ctx.gateway.disableTransferOtp()
        : ctx.gateway.finalizeDisableTransferOtp(otp);
    });
    print(`Gateway: ${message}`);
    if (action === 'disable' && otp === undefined) {
      print('Then run `tranche transfer-otp disable <OTP>` with the OTP the gateway sent.');
    }
    return 0;
  }
  if (action === '--help' || action === '-h' || action === 'help') return usage('transfer-otp');
  throw new UsageError(
    'transfer-otp',
    action === undefined
      ? 'Name an action: disable or enable.'
      : `Unknown action "${action}"; try disable or enable.`,
  );
}
