import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DojahCreditBureau } from '../../src/credit/dojah/adapter.ts';
import {
  type CreditBureau,
  CreditBureauUnavailable,
  type CreditCheckOutcome,
} from '../../src/credit/port.ts';
import { TEST_BVNS } from '../../src/credit/simulator/profiles.ts';
import { type CreditSimulator, startCreditSimulator } from '../../src/credit/simulator/server.ts';

/**
 * The credit bureau port's contract, exercised through the Dojah adapter over real HTTP
 * (docs/credit-bureau-protocol.md). It always runs against the shipped simulator. With
 * DOJAH_CONTRACT_BASE_URL, DOJAH_CONTRACT_APP_ID and DOJAH_CONTRACT_SECRET_KEY (a Dojah
 * *sandbox* app: https://sandbox.dojah.io) the shape checks run against Dojah too; Dojah documents
 * no test profiles (§4), so the per-profile checks are the simulator's only.
 */
const DOB = '1990-01-15';
const consentReference = 'ccon_contract';

const dojah =
  process.env.DOJAH_CONTRACT_BASE_URL &&
  process.env.DOJAH_CONTRACT_APP_ID &&
  process.env.DOJAH_CONTRACT_SECRET_KEY
    ? {
        baseUrl: process.env.DOJAH_CONTRACT_BASE_URL,
        appId: process.env.DOJAH_CONTRACT_APP_ID,
        secretKey: process.env.DOJAH_CONTRACT_SECRET_KEY,
      }
    : undefined;

if (!dojah) {
  const line = '!'.repeat(100);
  console.warn(
    `\n${line}\n!! SKIPPED: the credit bureau contract against the REAL Dojah API did not run.\n` +
      '!! Set DOJAH_CONTRACT_BASE_URL (https://sandbox.dojah.io), DOJAH_CONTRACT_APP_ID and\n' +
      '!! DOJAH_CONTRACT_SECRET_KEY to run it. The simulator half below ran.\n' +
      `${line}\n`,
  );
}

/** What every provider must satisfy, whatever the person's history. */
function shapeChecks(target: () => { bureau: CreditBureau; wrongKey: CreditBureau; bvn: string }) {
  it('answers a report, a thin file or a mismatch for a well-formed BVN; a report is well-formed', async () => {
    const { bureau, bvn } = target();
    const outcome = await bureau.checkCredit({ bvn, dateOfBirth: DOB, consentReference });
    expect(['report', 'no_record', 'subject_mismatch']).toContain(outcome.outcome);
    if (outcome.outcome === 'report') expectWellFormed(outcome);
  }, 60_000);

  it('a wrong key is unavailable with an operator alert, never a refusal', async () => {
    const { wrongKey, bvn } = target();
    const error = await wrongKey
      .checkCredit({ bvn, dateOfBirth: DOB, consentReference })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CreditBureauUnavailable);
    expect((error as CreditBureauUnavailable).operatorAlert).toBe(true);
  }, 60_000);
}

function expectWellFormed(report: Extract<CreditCheckOutcome, { outcome: 'report' }>) {
  expect(report.providerReference.length).toBeGreaterThan(0);
  expect(report.bureausAnswered.length).toBeGreaterThan(0);
  for (const n of [
    report.openLoans,
    report.delinquentFacilities,
    report.maxDaysOverdue,
    report.totalOverdueKobo,
    report.totalOutstandingKobo,
    report.enquiriesLast3Months,
  ]) {
    expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
  }
  if (report.score !== null) expect(report.score).toBeGreaterThanOrEqual(300);
  if (report.lastReportedOn !== null) expect(report.lastReportedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
}

describe('credit bureau contract: the simulator', () => {
  let simulator: CreditSimulator;
  let bureau: CreditBureau;
  const adapter = (overrides: { secretKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    new DojahCreditBureau({
      baseUrl: overrides.baseUrl ?? simulator.url,
      appId: 'contract-app',
      secretKey: overrides.secretKey ?? 'contract-secret',
      timeoutMs: overrides.timeoutMs ?? 1_000,
      name: 'sandbox',
    });
  beforeAll(async () => {
    simulator = await startCreditSimulator({
      port: 0,
      appId: 'contract-app',
      secretKey: 'contract-secret',
      slowMs: 3_000,
    });
    bureau = adapter();
  });
  afterAll(async () => {
    await simulator.close();
  });
  const check = (bvn: string, dateOfBirth = DOB) =>
    bureau.checkCredit({ bvn, dateOfBirth, consentReference });
  const unavailable = async (promise: Promise<unknown>) => {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CreditBureauUnavailable);
    return error as CreditBureauUnavailable;
  };

  shapeChecks(() => ({ bureau, wrongKey: adapter({ secretKey: 'wrong' }), bvn: TEST_BVNS.clean }));

  it('clean: three bureaus, a good score, one open loan, nothing overdue', async () => {
    expect(await check(TEST_BVNS.clean)).toEqual({
      outcome: 'report',
      providerReference: 'sim-0001-0000-4000-8000-000000000000',
      bureausAnswered: ['crc', 'first_central', 'credit_registry'],
      score: 720,
      scoreBand: 'good',
      scoreReasons: 'Long history of on-time repayments.',
      openLoans: 1,
      delinquentFacilities: 0,
      maxDaysOverdue: 0,
      totalOverdueKobo: 0,
      totalOutstandingKobo: 12_000_000,
      enquiriesLast3Months: 1,
      lastReportedOn: '2026-10-31',
    });
  });

  it('thin file: 404 is no record, a normal answer', async () => {
    expect(await check(TEST_BVNS.thin_file)).toEqual({ outcome: 'no_record' });
  });

  it('delinquent: counts combined with max, "85,000" naira as kobo, the bureau’s reasons verbatim', async () => {
    const outcome = await check(TEST_BVNS.delinquent);
    expect(outcome).toMatchObject({
      outcome: 'report',
      score: 540,
      scoreBand: 'poor',
      scoreReasons: 'There is serious delinquency on the accounts. Amounts past due are high.',
      openLoans: 2,
      delinquentFacilities: 2,
      maxDaysOverdue: 120,
      totalOverdueKobo: 8_500_000,
      totalOutstandingKobo: 31_050_050,
    });
  });

  it('heavy open loans: five open, nine enquiries in three months, a fair score', async () => {
    expect(await check(TEST_BVNS.heavy_open_loans)).toMatchObject({
      outcome: 'report',
      score: 640,
      scoreBand: 'fair',
      openLoans: 5,
      delinquentFacilities: 0,
      enquiriesLast3Months: 9,
      totalOutstandingKobo: 145_000_000,
    });
  });

  it('provider down (424): unavailable, not an operator alert', async () => {
    const error = await unavailable(check(TEST_BVNS.down));
    expect(error.operatorAlert).toBe(false);
  });

  it('slow: past the timeout is unavailable', async () => {
    const started = Date.now();
    await unavailable(check(TEST_BVNS.slow));
    expect(Date.now() - started).toBeLessThan(2_900);
  });

  it('slow but within a longer timeout: a report', async () => {
    const patient = adapter({ timeoutMs: 10_000 });
    const outcome = await patient.checkCredit({
      bvn: TEST_BVNS.slow,
      dateOfBirth: DOB,
      consentReference,
    });
    expect(outcome.outcome).toBe('report');
  }, 15_000);

  it('malformed (a score body without a score, a bureau body that is not JSON): unavailable', async () => {
    await unavailable(check(TEST_BVNS.malformed));
  });

  it('partial: the bureaus that answered, flat totals read as one bureau', async () => {
    expect(await check(TEST_BVNS.partial)).toMatchObject({
      outcome: 'report',
      bureausAnswered: ['crc', 'credit_registry'],
      openLoans: 1,
      scoreBand: 'good',
    });
  });

  it('someone else’s report (another date of birth): subject mismatch, not their history', async () => {
    expect(await check(TEST_BVNS.someone_else)).toEqual({ outcome: 'subject_mismatch' });
  });

  it('a date of birth other than the report’s: subject mismatch', async () => {
    expect(await check(TEST_BVNS.clean, '1991-02-02')).toEqual({ outcome: 'subject_mismatch' });
  });

  it('a score but no loan counts (credit_bureau 503): unavailable, as §7 says', async () => {
    await unavailable(check(TEST_BVNS.score_only));
  });

  it('nothing listening: unavailable', async () => {
    await unavailable(
      adapter({ baseUrl: 'http://127.0.0.1:1' }).checkCredit({
        bvn: TEST_BVNS.clean,
        dateOfBirth: DOB,
        consentReference,
      }),
    );
  });

  it('never calls without a consent reference', async () => {
    await expect(
      bureau.checkCredit({ bvn: TEST_BVNS.clean, dateOfBirth: DOB, consentReference: ' ' }),
    ).rejects.toThrow(/consent/);
  });
});

describe.skipIf(!dojah)('credit bureau contract: Dojah (real provider)', () => {
  const bureau = () => new DojahCreditBureau({ ...dojah!, timeoutMs: 30_000, name: 'dojah' });
  // 22222222222: the test BVN Dojah's KYC pages use; what its credit sandbox answers is unknown (§4).
  shapeChecks(() => ({
    bureau: bureau(),
    wrongKey: new DojahCreditBureau({
      ...dojah!,
      secretKey: 'wrong',
      timeoutMs: 30_000,
      name: 'dojah',
    }),
    bvn: '22222222222',
  }));
});
