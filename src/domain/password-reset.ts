import {
  formatLagosDay,
  formatLagosTime,
  type RenderedNotification,
} from './notification-content.ts';

/**
 * Password reset by e-mail, for customers (decision 0024) and merchants (decision 0058): how long
 * a link lives, how often one may be asked for, where it points and what the e-mail says. Pure.
 */

/** Whose password a reset sets: each has its own sign-in page, and a link opens only its own. */
export type PasswordResetAudience = 'customer' | 'merchant';

/** A link works for an hour after it is sent, once. */
export const RESET_LINK_TTL_MS = 60 * 60_000;

/** At most this many reset e-mails per customer per rolling hour; further requests answer the
 *  same 202 and send nothing, so the form cannot be used to flood someone's inbox. */
export const RESET_REQUESTS_PER_HOUR = 3;

/**
 * The link in the e-mail. The token travels in the fragment, which browsers never send to a
 * server: it stays out of access logs, proxies and Referer headers.
 */
export function resetLink(
  publicBaseUrl: string,
  token: string,
  audience: PasswordResetAudience = 'customer',
): string {
  const page = audience === 'customer' ? '/dashboard' : '/merchant';
  return `${publicBaseUrl}${page}/reset-password#token=${encodeURIComponent(token)}`;
}

export function renderPasswordResetEmail(facts: {
  audience?: PasswordResetAudience;
  /** The customer's first name, or the merchant's business name. */
  greeting: string;
  /** The account has no password yet (a merchant an operator created): "set", not "reset". */
  firstPassword?: boolean;
  link: string;
  expiresAt: Date;
}): RenderedNotification {
  const iso = facts.expiresAt.toISOString();
  const until = `${formatLagosTime(iso)} on ${formatLagosDay(iso)}`;
  const account = facts.audience === 'merchant' ? 'Tranche merchant dashboard' : 'Tranche account';
  const verb = facts.firstPassword ? 'set' : 'reset';
  return {
    subject: `${facts.firstPassword ? 'Set' : 'Reset'} your ${facts.audience === 'merchant' ? 'Tranche merchant dashboard' : 'Tranche'} password`,
    summary: 'A password reset link was sent to your e-mail address.',
    text: [
      `Hi ${facts.greeting},`,
      '',
      `Someone (we hope you) asked to ${verb} the password of your ${account}. Open this link to choose ${facts.firstPassword ? 'one' : 'a new one'}:`,
      '',
      facts.link,
      '',
      `The link works once, until ${until} (Lagos time). Using it signs you out everywhere else.`,
      '',
      'If you did not ask for this, ignore this e-mail: your password has not changed, and nobody can change it without this link.',
      '',
      '-- ',
      facts.audience === 'merchant'
        ? 'Tranche: installment checkout for your shop.'
        : 'Tranche: pay for your purchase in installments.',
      '',
    ].join('\n'),
  };
}
