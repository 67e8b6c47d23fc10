import {
  formatLagosDay,
  formatLagosTime,
  type RenderedNotification,
} from './notification-content.ts';

/**
 * Customer password reset by e-mail (decision 0024): how long a link lives, how often one may be
 * asked for, where it points and what the e-mail says. Pure.
 */

/** A link works for an hour after it is sent, once. */
export const RESET_LINK_TTL_MS = 60 * 60_000;

/** At most this many reset e-mails per customer per rolling hour; further requests answer the
 *  same 202 and send nothing, so the form cannot be used to flood someone's inbox. */
export const RESET_REQUESTS_PER_HOUR = 3;

/**
 * The link in the e-mail. The token travels in the fragment, which browsers never send to a
 * server: it stays out of access logs, proxies and Referer headers.
 */
export function resetLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/dashboard/reset-password#token=${encodeURIComponent(token)}`;
}

export function renderPasswordResetEmail(facts: {
  firstName: string;
  link: string;
  expiresAt: Date;
}): RenderedNotification {
  const iso = facts.expiresAt.toISOString();
  const until = `${formatLagosTime(iso)} on ${formatLagosDay(iso)}`;
  return {
    subject: 'Reset your Tranche password',
    summary: 'A password reset link was sent to your e-mail address.',
    text: [
      `Hi ${facts.firstName},`,
      '',
      'Someone (we hope you) asked to reset the password of your Tranche account. Open this link to choose a new one:',
      '',
      facts.link,
      '',
      `The link works once, until ${until} (Lagos time). Using it signs you out everywhere else.`,
      '',
      'If you did not ask for this, ignore this e-mail: your password has not changed, and nobody can change it without this link.',
      '',
      '-- ',
      'Tranche: pay for your purchase in installments.',
      '',
    ].join('\n'),
  };
}
