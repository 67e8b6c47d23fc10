/** `tranche merchants`: an operator's merchant tasks, through the same use cases as the console. */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';

import { DomainError } from '../domain/errors.ts';
import { operatorName } from '../domain/operator-action.ts';
import {
  approveMerchant,
  createMerchant,
  deactivateMerchant,
  listMerchants,
  type MerchantView,
  reactivateMerchant,
} from '../features/merchants/index.ts';
import { HELP, parsed, print, usage, UsageError, withRuntime } from './cli-shared.ts';

/** The OS user running the CLI, for the audit log; a container may have none. */
function cliUser(): string {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9 .@_'-]/g, '') || 'unknown';
  } catch {
    return 'unknown';
  }
}

function merchantLine(m: MerchantView): string {
  return `${m.id}  ${m.status.padEnd(16)}  ${m.business_name} <${m.email}>`;
}

const MERCHANT_STATUSES: readonly MerchantView['status'][] = [
  'pending_approval',
  'active',
  'deactivated',
];

/** `--json`: the value as JSON; otherwise the text. */
const emitter = (json: boolean) => (value: unknown, text: () => void) =>
  json ? print(JSON.stringify(value, null, 2)) : text();

export async function runMerchants(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;

  if (action === 'create') {
    const { values } = parsed('merchants create', () =>
      parseArgs({
        args: rest,
        options: {
          ...HELP,
          name: { type: 'string' },
          email: { type: 'string' },
          password: { type: 'string' },
          approve: { type: 'boolean', default: false },
          json: { type: 'boolean', default: false },
        },
      }),
    );
    if (values.help) return usage('merchants create');
    const emit = emitter(values.json);
    if (!values.name || !values.email) {
      throw new DomainError('invalid_request', 'merchants create needs --name and --email.');
    }
    const { created, setPasswordUrl } = await withRuntime(async (rt) => {
      if (values.approve && rt.config.env === 'production') {
        // Decision 0074: a live merchant is approved on its business details, never at birth.
        throw new DomainError(
          'business_details_incomplete',
          '--approve is refused when TRANCHE_ENV=production: the merchant submits its business details in the dashboard, then `tranche merchants approve ID` (or the operator console) approves it.',
        );
      }
      return {
        created: await createMerchant(rt.ctx, {
          businessName: values.name ?? '',
          email: values.email ?? '',
          approve: values.approve,
          ...(values.password && { password: values.password }),
        }),
        // Without --password the dashboard has none: the reset by e-mail sets the first one.
        setPasswordUrl: values.password
          ? null
          : `${rt.ctx.settings.publicBaseUrl}/merchant/forgot-password`,
      };
    });
    emit(
      {
        merchant_id: created.merchant.id,
        status: created.merchant.status,
        secret_keys: created.secret_keys,
        publishable_keys: created.publishable_keys,
        webhook_secret: created.webhook_secret,
        webhook_secrets: created.webhook_secrets,
        set_password_url: setPasswordUrl,
      },
      () => {
        print(`Merchant created: ${created.merchant.id} (${created.merchant.status})`);
        print(`  Test secret key   ${created.secret_keys.test}`);
        print(
          `  Live secret key   ${created.secret_keys.live}${created.merchant.status === 'active' ? '' : '   (works after approval)'}`,
        );
        print(`  Test webhook secret  ${created.webhook_secrets.test}`);
        print(`  Live webhook secret  ${created.webhook_secrets.live}`);
        print('These are shown once: store them now.');
        // Public, for the messaging element in web pages: the dashboard shows them again.
        print(`  Test publishable key  ${created.publishable_keys.test}`);
        print(`  Live publishable key  ${created.publishable_keys.live}`);
        if (setPasswordUrl) {
          print(
            `Dashboard password: none yet. Open ${setPasswordUrl} and give ${created.merchant.email}: the e-mailed link sets one.`,
          );
        }
      },
    );
    return 0;
  }
  if (action === 'list') {
    const { values } = parsed('merchants list', () =>
      parseArgs({
        args: rest,
        options: { ...HELP, status: { type: 'string' }, json: { type: 'boolean', default: false } },
      }),
    );
    if (values.help) return usage('merchants list');
    const status = MERCHANT_STATUSES.find((s) => s === values.status);
    if (values.status !== undefined && !status) {
      throw new DomainError(
        'invalid_request',
        `--status must be one of ${MERCHANT_STATUSES.join(', ')}.`,
      );
    }
    const result = await withRuntime((rt) =>
      listMerchants(rt.ctx, { limit: 100, offset: 0, ...(status && { status }) }),
    );
    emitter(values.json)(result, () => result.data.forEach((m) => print(merchantLine(m))));
    return 0;
  }
  const transitions = {
    approve: approveMerchant,
    deactivate: deactivateMerchant,
    reactivate: reactivateMerchant,
  } as const;
  if (action === 'approve' || action === 'deactivate' || action === 'reactivate') {
    const command = `merchants ${action}` as const;
    const { values, positionals } = parsed(command, () =>
      parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          ...HELP,
          json: { type: 'boolean', default: false },
          reason: { type: 'string' },
          operator: { type: 'string' },
        },
      }),
    );
    if (values.help) return usage(command);
    const [id, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(command, `Unexpected argument '${extra[0]}'.`);
    if (!id) throw new DomainError('invalid_request', `merchants ${action} needs a merchant id.`);
    // Audited like the console's actions (decision 0020): the operator is whoever runs the CLI.
    // `cli:` marks the channel: operator accounts' names cannot contain a colon.
    const operator = {
      name: `cli:${values.operator === undefined ? cliUser() : operatorName(values.operator)}`,
    };
    const merchant = await withRuntime((rt) =>
      transitions[action](rt.ctx, id, operator, values.reason ?? null),
    );
    emitter(values.json)(merchant, () => print(merchantLine(merchant)));
    return 0;
  }
  if (action === '--help' || action === '-h' || action === 'help') return usage('merchants');
  throw new UsageError(
    'merchants',
    action === undefined
      ? 'Name an action: create, approve, deactivate, reactivate or list.'
      : action.startsWith('-')
        ? `Unknown option '${action}' (the action comes first).`
        : `Unknown action "${action}"; try create, approve, deactivate, reactivate or list.`,
  );
}
