/**
 * `tranche operators`: operator accounts (decision 0035). Only whoever runs the service (and so
 * reaches its database) can create or disable one: there is no HTTP route for it.
 */
import { parseArgs } from 'node:util';

import { DomainError } from '../domain/errors.ts';
import { createOperator, disableOperator, listOperators } from '../features/operator/index.ts';
import { HELP, parsed, print, usage, UsageError, withRuntime } from './cli-shared.ts';

const emitter = (json: boolean) => (value: unknown, text: () => void) =>
  json ? print(JSON.stringify(value, null, 2)) : text();

export async function runOperators(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;
  if (action === 'add') {
    const { values } = parsed('operators add', () =>
      parseArgs({
        args: rest,
        options: {
          ...HELP,
          email: { type: 'string' },
          name: { type: 'string' },
          password: { type: 'string' },
          json: { type: 'boolean', default: false },
        },
      }),
    );
    if (values.help) return usage('operators add');
    if (!values.email || !values.name) {
      throw new DomainError('invalid_request', 'operators add needs --email and --name.');
    }
    const created = await withRuntime((rt) =>
      createOperator(rt.ctx, {
        email: values.email ?? '',
        name: values.name ?? '',
        ...(values.password !== undefined && { password: values.password }),
      }),
    );
    emitter(values.json)(
      {
        operator: created.operator,
        ...(created.generatedPassword && { password: created.password }),
        totp_secret: created.totpSecret,
        otpauth_uri: created.otpauthUri,
      },
      () => {
        print(
          `Operator created: ${created.operator.id} ${created.operator.name} <${created.operator.email}>`,
        );
        if (created.generatedPassword) print(`  Password         ${created.password}`);
        print(`  TOTP secret      ${created.totpSecret}`);
        print(`  otpauth URI      ${created.otpauthUri}`);
        print('Add the secret (or the URI) to an authenticator app now: it is shown once.');
        print('Sign in at /admin with the email, the password and the app’s 6-digit code.');
      },
    );
    return 0;
  }
  if (action === 'list') {
    const { values } = parsed('operators list', () =>
      parseArgs({ args: rest, options: { ...HELP, json: { type: 'boolean', default: false } } }),
    );
    if (values.help) return usage('operators list');
    const operators = await withRuntime((rt) => listOperators(rt.ctx));
    emitter(values.json)(operators, () =>
      operators.forEach((o) =>
        print(
          `${o.id}  ${(o.disabled_at ? 'disabled' : 'active').padEnd(8)}  ${o.name} <${o.email}>`,
        ),
      ),
    );
    return 0;
  }
  if (action === 'disable') {
    const { values, positionals } = parsed('operators disable', () =>
      parseArgs({
        args: rest,
        allowPositionals: true,
        options: { ...HELP, json: { type: 'boolean', default: false } },
      }),
    );
    if (values.help) return usage('operators disable');
    const [email, ...extra] = positionals;
    if (extra.length > 0) {
      throw new UsageError('operators disable', `Unexpected argument '${extra[0]}'.`);
    }
    if (!email) throw new DomainError('invalid_request', 'operators disable needs an email.');
    const operator = await withRuntime((rt) => disableOperator(rt.ctx, email));
    emitter(values.json)(operator, () =>
      print(`Disabled ${operator.name} <${operator.email}>: sign-in refused, sessions ended.`),
    );
    return 0;
  }
  if (action === '--help' || action === '-h' || action === 'help') return usage('operators');
  throw new UsageError(
    'operators',
    action === undefined
      ? 'Name an action: add, list or disable.'
      : `Unknown action "${action}"; try add, list or disable.`,
  );
}
