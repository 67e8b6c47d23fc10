import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { answerFor } from '../simulator/profiles.ts';
import {
  classifyStatus,
  combine,
  count,
  Malformed,
  nairaToKobo,
  parseDate,
  perBureau,
  scoreBand,
  type WireAnswer,
} from './mapping.ts';

const ok = (body: unknown): WireAnswer => ({ kind: 'ok', body });
const sim = (endpoint: 'fico_score' | 'credit_bureau', bvn: string): WireAnswer => {
  const answer = answerFor(endpoint, bvn);
  if (typeof answer.body === 'string') return { kind: 'unavailable', why: 'not JSON' };
  const classified = classifyStatus(answer.status, answer.body);
  return classified.kind === 'refused' ? { kind: 'unavailable', why: classified.why } : classified;
};

describe('amounts (naira → kobo)', () => {
  it('reads numbers, digit strings, comma-grouped strings and kobo decimals', () => {
    expect(nairaToKobo(1134330)).toBe(113_433_000);
    expect(nairaToKobo('3,541,267')).toBe(354_126_700);
    expect(nairaToKobo('85,000')).toBe(8_500_000);
    expect(nairaToKobo('310,500.5')).toBe(31_050_050);
    expect(nairaToKobo('0')).toBe(0);
    expect(nairaToKobo(12.34)).toBe(1234);
  });
  it('refuses what is not an amount rather than guess', () => {
    for (const bad of ['NGN 747,165', '1,00', '-5', '', 'abc', '1.234', -1, Number.NaN, null, {}]) {
      expect(() => nairaToKobo(bad), JSON.stringify(bad)).toThrow(Malformed);
    }
  });
  it('any whole naira amount, written with or without thousands commas, is 100 kobo per naira', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        (naira, kobo) => {
          const grouped = naira.toLocaleString('en-US');
          const decimals = `.${String(kobo).padStart(2, '0')}`;
          expect(nairaToKobo(grouped)).toBe(naira * 100);
          expect(nairaToKobo(String(naira))).toBe(naira * 100);
          expect(nairaToKobo(`${grouped}${decimals}`)).toBe(naira * 100 + kobo);
          expect(nairaToKobo(naira)).toBe(naira * 100);
        },
      ),
    );
  });
});

describe('counts, dates, bands, per-bureau values', () => {
  it('counts are integers or digit strings', () => {
    expect(count(7)).toBe(7);
    expect(count('7')).toBe(7);
    expect(() => count('seven')).toThrow(Malformed);
    expect(() => count(-1)).toThrow(Malformed);
    expect(() => count(1.5)).toThrow(Malformed);
  });
  it('reads the three date formats of §0 and rejects impossible dates', () => {
    expect(parseDate('18/02/1994')).toBe('1994-02-18');
    expect(parseDate('30-APR-2021')).toBe('2021-04-30');
    expect(parseDate('2023-12-20T11:56:38.886Z')).toBe('2023-12-20');
    expect(parseDate('31/02/2021')).toBeNull();
    expect(parseDate('30-FOO-2021')).toBeNull();
    expect(parseDate(20210430)).toBeNull();
  });
  it('bands: good ≥ 700, fair 600–699, poor below, none without a score', () => {
    expect([
      scoreBand(850),
      scoreBand(700),
      scoreBand(699),
      scoreBand(600),
      scoreBand(599),
    ]).toEqual(['good', 'good', 'fair', 'fair', 'poor']);
    expect(scoreBand(null)).toBe('none');
  });
  it('per bureau or flat; false, null, [] and missing are none', () => {
    expect(
      perBureau([
        { source: 'CRC', value: 2 },
        { source: 'FIRST_CENTRAL', value: '3' },
      ]),
    ).toEqual([2, '3']);
    expect(perBureau(4)).toEqual([4]);
    for (const none of [false, null, [], undefined]) expect(perBureau(none)).toEqual([]);
  });
});

describe('status codes (§3)', () => {
  it('404 and a "no record" 400 are a thin file; refusals alert an operator; the rest is unavailable', () => {
    expect(classifyStatus(404, {})).toEqual({ kind: 'no_record' });
    expect(classifyStatus(400, { error: 'No credit record found' })).toEqual({ kind: 'no_record' });
    expect(classifyStatus(400, { error: 'Invalid BVN' }).kind).toBe('unavailable');
    for (const s of [401, 402, 403, 405]) expect(classifyStatus(s, {}).kind).toBe('refused');
    for (const s of [408, 424, 429, 500, 502, 503]) {
      expect(classifyStatus(s, {}).kind).toBe('unavailable');
    }
  });
});

describe('combining both answers (§7)', () => {
  const dob = '1990-01-15';
  it('a score that failed leaves a report without a score', () => {
    const outcome = combine(
      { kind: 'unavailable', why: 'x' },
      sim('credit_bureau', '22100000001'),
      dob,
    );
    expect(outcome).toMatchObject({
      outcome: 'report',
      score: null,
      scoreBand: 'none',
      openLoans: 1,
    });
  });
  it('loan counts that failed make the whole check unavailable', () => {
    expect(
      combine(sim('fico_score', '22100000001'), { kind: 'unavailable', why: 'x' }, dob),
    ).toEqual({
      unavailable: 'credit_bureau: x',
    });
  });
  it('no bureau answered is unavailable; a malformed amount is unavailable', () => {
    const body = (score: Record<string, unknown>) => ok({ entity: { score } });
    expect(
      combine(
        ok(null),
        body({ bureauStatus: { crc: 'failed', firstCentral: 'failed' }, totalNoOfLoans: 1 }),
        dob,
      ),
    ).toHaveProperty('unavailable');
    expect(
      combine(
        ok(null),
        body({ bureauStatus: { crc: 'success' }, totalNoOfLoans: 1, totalOverdue: 'lots' }),
        dob,
      ),
    ).toHaveProperty('unavailable');
  });
  it('a report with no totals and no loans is a thin file', () => {
    expect(
      combine(
        { kind: 'no_record' },
        ok({ entity: { score: { bureauStatus: { crc: 'success' }, creditors: false } } }),
        dob,
      ),
    ).toEqual({
      outcome: 'no_record',
    });
  });
  it('counts combine with max across bureaus, never sum', () => {
    const outcome = combine(
      ok(null),
      ok({
        entity: {
          score: {
            bureauStatus: { crc: 'success', firstCentral: 'success' },
            totalNoOfLoans: [
              { source: 'CRC', value: 2 },
              { source: 'FIRST_CENTRAL', value: 2 },
            ],
            totalNoOfActiveLoans: [
              { source: 'CRC', value: 2 },
              { source: 'FIRST_CENTRAL', value: '3' },
            ],
            totalOverdue: [
              { source: 'CRC', value: '1,000' },
              { source: 'FIRST_CENTRAL', value: 500 },
            ],
          },
        },
      }),
      dob,
    );
    expect(outcome).toMatchObject({ openLoans: 3, totalOverdueKobo: 100_000 });
  });
});
