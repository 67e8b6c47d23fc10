import { describe, expect, it } from 'vitest';

import { redactUrl } from './logger.ts';

const token = 'cst_Xr4bN8qL2mV7kP1zT9wY3sD6aaaaaaaaaaaaaaaa';

describe('redactUrl (the access log’s URL)', () => {
  it('censors the :token segment of the route whatever its spelling, and keeps the rest', () => {
    expect(
      redactUrl(
        `/api/v1/checkout/sessions/${token}/confirm`,
        '/api/v1/checkout/sessions/:token/confirm',
      ),
    ).toBe('/api/v1/checkout/sessions/[redacted]/confirm');
    expect(redactUrl('/checkout/not-quite-a-token?embed=1', '/checkout/:token')).toBe(
      '/checkout/[redacted]?embed=1',
    );
  });
  it('censors any cst_ token and credential-named query parameters on any route', () => {
    expect(redactUrl(`/nowhere/${token}?a=1&Session_Token=abc&token=xyz&b=${token}`)).toBe(
      '/nowhere/cst_[redacted]?a=1&Session_Token=[redacted]&token=[redacted]&b=cst_[redacted]',
    );
  });
  it('leaves URLs without credentials alone', () => {
    expect(
      redactUrl('/api/v1/merchant/mer_1/plans?limit=5', '/api/v1/merchant/:merchant_id/plans'),
    ).toBe('/api/v1/merchant/mer_1/plans?limit=5');
    expect(redactUrl('/checkout/return?reference=pmc-1', '/checkout/return')).toBe(
      '/checkout/return?reference=pmc-1',
    );
  });
});
