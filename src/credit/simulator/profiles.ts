/**
 * The simulator's deterministic bureau profiles (docs/credit-bureau-protocol.md §7 table), chosen
 * by the last two digits of the BVN so any BVN the identity sandbox accepts can be combined with
 * any credit profile. Amounts are naira, counts alternate between numbers and digit strings, and
 * totals come per bureau (`[{source, value}]`) or flat, so the adapter's tolerance is exercised.
 */
export const PROFILES = {
  clean: 'clean',
  thinFile: 'thin_file',
  delinquent: 'delinquent',
  heavyOpenLoans: 'heavy_open_loans',
  down: 'down',
  slow: 'slow',
  malformed: 'malformed',
  partial: 'partial',
  someoneElse: 'someone_else',
  scoreOnly: 'score_only',
} as const;
export type Profile = (typeof PROFILES)[keyof typeof PROFILES];

/** The date of birth of every simulated subject except `someone_else`: the identity sandbox's. */
export const SIMULATED_DATE_OF_BIRTH = '15/01/1990';

export function profileFor(bvn: string): Profile {
  switch (bvn.slice(-2)) {
    case '50':
      return 'thin_file';
    case '51':
      return 'delinquent';
    case '52':
      return 'heavy_open_loans';
    case '53':
      return 'down';
    case '54':
      return 'slow';
    case '55':
      return 'malformed';
    case '56':
      return 'partial';
    case '57':
      return 'someone_else';
    case '58':
      return 'score_only';
    default:
      return 'clean';
  }
}

/** A test BVN for a profile: `221000000` + the profile's two digits (a sandbox identity BVN). */
export const TEST_BVNS: Record<Profile, string> = {
  clean: '22100000001',
  thin_file: '22100000050',
  delinquent: '22100000051',
  heavy_open_loans: '22100000052',
  down: '22100000053',
  slow: '22100000054',
  malformed: '22100000055',
  partial: '22100000056',
  someone_else: '22100000057',
  score_only: '22100000058',
};

export interface SimulatedAnswer {
  status: number;
  /** A string is sent as is (a body that is not JSON); anything else as JSON. */
  body: unknown;
  /** Milliseconds before answering. */
  delay?: 'slow';
}

const subject = (bvn: string, dateOfBirth = SIMULATED_DATE_OF_BIRTH) => ({
  bvn,
  name: 'Simulated Subject',
  phone: '08000000000',
  gender: 'Female',
  dateOfBirth,
  address: '1 SANDBOX ROAD LAGOS',
  email: '',
});

const reference = (bvn: string) => `sim-${bvn.slice(-4)}-0000-4000-8000-000000000000`;

function fico(
  bvn: string,
  score: number,
  rating: string,
  delinquent: number | string,
  reasons: string,
  dateOfBirth?: string,
) {
  return {
    entity: {
      ...subject(bvn, dateOfBirth),
      score: {
        totalNoOfDelinquentFacilities: delinquent,
        hasLoans: 'YES',
        ficoScore: { score, rating, reasons },
        lastReportedDate: '31-OCT-2026',
        crcReportOrderNumber: `W-${bvn.slice(-6)}/2026`,
      },
      searchedDate: '2026-11-01T09:00:00.000Z',
      customer_id: reference(bvn),
    },
  };
}

type Totals = Record<string, number | string>;

/** Totals per bureau in the `{source, value}` shape C1 uses for enquiries and creditors. */
function nested(perBureau: Record<'CRC' | 'FIRST_CENTRAL' | 'CREDIT_REGISTRY', Totals>) {
  const keys = new Set(Object.values(perBureau).flatMap((t) => Object.keys(t)));
  const out: Record<string, { source: string; value: number | string }[]> = {};
  for (const key of keys) {
    out[key] = Object.entries(perBureau)
      .filter(([, totals]) => key in totals)
      .map(([source, totals]) => ({ source, value: totals[key] ?? 0 }));
  }
  return out;
}

function bureau(
  bvn: string,
  totals: Record<string, unknown>,
  options: { last3?: string; status?: Record<string, string>; dateOfBirth?: string } = {},
) {
  return {
    entity: {
      ...subject(bvn, options.dateOfBirth),
      score: {
        bureauStatus: options.status ?? {
          crc: 'success',
          creditRegistry: 'success',
          firstCentral: 'success',
        },
        ...totals,
        lastReportedDate: '31-OCT-2026',
        creditEnquiries: [
          {
            source: 'CREDIT_REGISTRY',
            value: [
              {
                contactPhone: '234 (1) 0000000',
                date: '2026-10-13T00:00:00',
                loanProvider: 'Sandbox Lender Limited',
                reason: 'N/A',
              },
            ],
          },
        ],
        creditEnquiriesSummary: [
          {
            source: 'CREDIT_REGISTRY',
            value: {
              Last3MonthCount: options.last3 ?? '1',
              Last12MonthCount: '3',
              Last36MonthCount: '5',
            },
          },
        ],
        creditors: [
          {
            source: 'CREDIT_REGISTRY',
            value: [{ Name: 'Sandbox Lender Limited', Address: 'Lagos', Phone: '0000' }],
          },
        ],
      },
    },
  };
}

const cleanTotals = {
  totalNoOfLoans: 4,
  totalNoOfActiveLoans: 1,
  totalNoOfClosedLoans: 3,
  totalNoOfPerformingLoans: 4,
  totalNoOfDelinquentFacilities: 0,
  maxNoOfDays: 0,
  totalOverdue: 0,
  totalOutstanding: 120000,
};

const NO_RECORD = { status: 404, body: { error: 'No credit record found' } };
const BUREAU_FAILURE = { status: 424, body: { error: 'Third party service failure' } };

/** What `GET /api/v1/<endpoint>?bvn=` answers for this BVN. */
export function answerFor(endpoint: 'fico_score' | 'credit_bureau', bvn: string): SimulatedAnswer {
  const profile = profileFor(bvn);
  const isFico = endpoint === 'fico_score';
  const cleanFico = () => fico(bvn, 720, 'GOOD', 0, 'Long history of on-time repayments.');
  const clean = () =>
    bureau(
      bvn,
      nested({ CRC: cleanTotals, FIRST_CENTRAL: cleanTotals, CREDIT_REGISTRY: cleanTotals }),
    );
  switch (profile) {
    case 'clean':
      return { status: 200, body: isFico ? cleanFico() : clean() };
    case 'thin_file':
      return NO_RECORD;
    case 'delinquent': {
      const totals = {
        totalNoOfLoans: '3',
        totalNoOfActiveLoans: '2',
        totalNoOfDelinquentFacilities: '2',
        maxNoOfDays: '120',
        totalOverdue: '85,000',
        totalOutstanding: '310,500.50',
      };
      return {
        status: 200,
        body: isFico
          ? fico(
              bvn,
              540,
              'POOR',
              2,
              'There is serious delinquency on the accounts. Amounts past due are high.',
            )
          : bureau(
              bvn,
              nested({
                CRC: totals,
                FIRST_CENTRAL: totals,
                CREDIT_REGISTRY: { ...totals, totalNoOfDelinquentFacilities: 1 },
              }),
            ),
      };
    }
    case 'heavy_open_loans': {
      const totals = {
        ...cleanTotals,
        totalNoOfLoans: 6,
        totalNoOfActiveLoans: 5,
        totalOutstanding: '1,450,000',
      };
      return {
        status: 200,
        body: isFico
          ? fico(bvn, 640, 'AVERAGE', '0', 'Many open credit accounts. Many recent enquiries.')
          : bureau(bvn, nested({ CRC: totals, FIRST_CENTRAL: totals, CREDIT_REGISTRY: totals }), {
              last3: '9',
            }),
      };
    }
    case 'down':
      return BUREAU_FAILURE;
    case 'slow':
      return { status: 200, body: isFico ? cleanFico() : clean(), delay: 'slow' };
    case 'malformed':
      return isFico
        ? { status: 200, body: { entity: 'ok' } }
        : { status: 200, body: '<html>Bad gateway</html>' };
    case 'partial':
      return {
        status: 200,
        body: isFico
          ? cleanFico()
          : bureau(bvn, cleanTotals, {
              status: { crc: 'success', creditRegistry: 'success', firstCentral: 'failed' },
            }),
      };
    case 'someone_else':
      return {
        status: 200,
        body: isFico
          ? fico(bvn, 720, 'GOOD', 0, 'Long history of on-time repayments.', '01/01/1950')
          : bureau(
              bvn,
              nested({
                CRC: cleanTotals,
                FIRST_CENTRAL: cleanTotals,
                CREDIT_REGISTRY: cleanTotals,
              }),
              {
                dateOfBirth: '01/01/1950',
              },
            ),
      };
    case 'score_only':
      return isFico
        ? { status: 200, body: cleanFico() }
        : { status: 503, body: { error: 'Service unavailable' } };
  }
}
