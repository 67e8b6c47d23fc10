/**
 * Each command's `--help` text. Apart from the dispatch in cli.ts, because the command modules
 * print their own help and cli.ts imports them: kept here, it is imported without a cycle.
 */
import { TRIGGER_CATALOGUE } from './cli-trigger.ts';

const CONFIGURED = 'Settings come from the environment (docs/configuration.md).';

const SANDBOX_CLIENT = `  --api-key sk_test_…  a sandbox secret key (default: TRANCHE_SECRET_KEY); live keys are refused
  --api-base URL       the Tranche to talk to (default: TRANCHE_API_BASE, else http://127.0.0.1:3000)`;

const AUDITED = `Recorded in the operator audit log (the console's Audit log page):
  --reason R         why (required to deactivate and reactivate; deactivation's is shown to the merchant)
  --operator NAME    who (recorded as cli:NAME; default: cli:<your user name>)`;

/** Each command's `--help`. */
export const COMMAND_USAGE = {
  start: `tranche start

Runs the API, the job worker, the sandbox gateway (when GATEWAY_BASE_URL is unset), the Dojah
simulator (when IDENTITY_PROVIDER=dojah and DOJAH_BASE_URL is unset), the Termii SMS simulator
(when SMS_PROVIDER=termii and TERMII_BASE_URL is unset) and, in development, the demo store in
one process; applies migrations first. Without DATABASE_URL it
starts an embedded PostgreSQL in $TRANCHE_DATA_DIR/pg. Stops cleanly on SIGINT or SIGTERM.
${CONFIGURED}`,
  api: `tranche api

Runs the HTTP API only (production: as many as needed, with worker processes beside them);
applies pending migrations first. Stops cleanly on SIGINT or SIGTERM.
${CONFIGURED}`,
  worker: `tranche worker

Runs the job worker only: collections, payouts, webhook deliveries, expiry, reconciliation;
applies pending migrations first. Stops cleanly on SIGINT or SIGTERM.
${CONFIGURED}`,
  migrate: `tranche migrate

Applies pending database migrations and exits (DATABASE_URL, or the embedded PostgreSQL).
${CONFIGURED}`,
  'sandbox-gateway': `tranche sandbox-gateway

Runs only the sandbox gateway (Paystack's protocol) on SANDBOX_GATEWAY_PORT, and the Dojah
simulator on DOJAH_SIMULATOR_PORT when identity checks go to it (DOJAH_BASE_URL unset), and
the Termii simulator on SANDBOX_SMS_PORT when texts go to it (TERMII_BASE_URL unset).
${CONFIGURED}`,
  listen: `tranche listen --forward-to URL [--events E,…] [--api-key sk_test_…] [--api-base URL]

Streams your test-mode webhook events from a running Tranche (an outbound connection: it works
when your machine cannot be reached from the service) and forwards each one to URL with its exact
body and signature headers, printing the time, event, id, your server's status and duration.
The signature is made with your test webhook secret (whsec_…): verify with it as in production.
Your test webhook URL, if set, keeps getting its own deliveries. Reconnects by itself and
resumes after the last event; Ctrl-C stops it.
  --forward-to URL     where to POST each event, e.g. http://localhost:8000/webhooks (required)
  --events E,…         only these event types, comma-separated
${SANDBOX_CLIENT}`,
  trigger: `tranche trigger <event> [--api-key sk_test_…] [--api-base URL]

Makes the event really happen in the sandbox: a checkout session, a test customer (registered,
test BVN verified), a test card on the sandbox gateway's page, a confirmed plan, then time travel
and sandbox gateway simulations as the event needs. Needs the worker running (tranche start).
Run tranche listen beside it to receive the event.
${SANDBOX_CLIENT}

Events:
${Object.entries(TRIGGER_CATALOGUE)
  .map(([event, how]) => `  ${event.padEnd(30)} ${how}`)
  .join('\n')}`,
  'transfer-otp': `tranche transfer-otp <action>

  disable            the gateway sends an OTP to the business phone, to turn transfer OTPs off
  disable OTP        with that OTP: payouts go out without an operator's OTP from now on
  enable             payouts wait for an operator's OTP again (console: Payouts awaiting OTP)

Changes the whole gateway account (decision 0043).`,
  'transfer-otp disable': `tranche transfer-otp disable [OTP]

Without OTP: asks the gateway to send an OTP to the business phone (POST /transfer/disable_otp).
With it: turns the OTP requirement for transfers off (POST /transfer/disable_otp_finalize).`,
  'transfer-otp enable': `tranche transfer-otp enable

Turns the OTP requirement for transfers on again (POST /transfer/enable_otp): each payout then
waits for an operator to give its OTP in the console.`,
  operators: `tranche operators <action> [options]

  add --email E --name N [--password P] [--json]
                     create an operator account; prints its TOTP secret once
  list [--json]      every operator account, active or disabled
  disable EMAIL      an operator leaves: sign-in refused, their sessions end

tranche operators <action> --help for an action's options.`,
  'operators add': `tranche operators add --email E --name N [--password P] [--json]

Creates an operator account for the console (/admin) and the admin API. Prints the TOTP secret
and its otpauth:// URI once: add it to an authenticator app; sign-in asks for its 6-digit code.
  --email E          sign-in email (required)
  --name N           the name the audit log records (required; letters, digits, spaces and . @ _ ' -)
  --password P       12 to 128 characters (default: a generated one, printed once)
  --json             machine-readable output`,
  'operators list': `tranche operators list [--json]

Lists operator accounts, oldest first, active or disabled.`,
  'operators disable': `tranche operators disable EMAIL [--json]

Disables an operator account: sign-in is refused and every session and token of it ends now.
The account stays, so the audit log keeps naming it.`,
  reconcile: `tranche reconcile [--since ISO-DATE] [--no-gateway] [--json]

Compares charges, payouts, the ledger and the gateway; exits 1 on any difference.
  --since ISO-DATE   from this date (default: 7 days ago)
  --no-gateway       do not ask the gateway, compare the database only
  --json             the report as JSON`,
  merchants: `tranche merchants <action> [options]

  create --name N --email E [--password P] [--approve] [--json]
                     create a merchant; prints its keys and webhook secret once
  approve ID [--reason R]       let the merchant use its live key
  deactivate ID --reason R     refuse every request of the merchant
  reactivate ID --reason R     undo deactivate
  list [--status pending_approval|active|deactivated] [--json]

tranche merchants <action> --help for an action's options.`,
  'merchants create': `tranche merchants create --name N --email E [--password P] [--approve] [--json]

Creates a merchant and prints its id, test and live secret keys and webhook secret (shown once).
  --name N           business name (required)
  --email E          login email (required)
  --password P       dashboard password (default: none, no dashboard login)
  --approve          approve at once: the live key works immediately (not with
                     TRANCHE_ENV=production, where approval needs the business details)
  --json             machine-readable output`,
  'merchants approve': `tranche merchants approve ID [--reason R] [--operator NAME] [--json]

Approves a merchant in pending_approval: its live key starts working. Refused until the
merchant has submitted its business details with a verified director and has a named
settlement account (decision 0074); the error says what is missing.
${AUDITED}`,
  'merchants deactivate': `tranche merchants deactivate ID --reason R [--operator NAME] [--json]

Deactivates a merchant: every request with its keys is refused (403 merchant_inactive, whose
detail tells the merchant the reason).
${AUDITED}`,
  'merchants reactivate': `tranche merchants reactivate ID --reason R [--operator NAME] [--json]

Reactivates a deactivated merchant.
${AUDITED}`,
  'merchants list': `tranche merchants list [--status pending_approval|active|deactivated] [--json]

Lists merchants, newest first (up to 100).`,
} as const;
export type CommandName = keyof typeof COMMAND_USAGE;
