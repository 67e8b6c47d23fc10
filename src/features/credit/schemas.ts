import { Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(
  schema: T,
  options?: { description: string },
) => Type.Union([schema, Type.Null()], options);

export const CreditCheck = Type.Object(
  {
    object: Type.Literal('credit_check'),
    status: Type.Union([Type.Literal('checked'), Type.Literal('not_checked')]),
    provider: Nullable(Type.String()),
    outcome: Type.Union([
      Type.Literal('report'),
      Type.Literal('no_record'),
      Type.Literal('subject_mismatch'),
      Type.Null(),
    ]),
    checked_at: Nullable(Type.String({ format: 'date-time' })),
    expires_at: Nullable(Type.String({ format: 'date-time' })),
    summary: Nullable(
      Type.Object({
        bureaus: Type.Array(Type.String()),
        score: Nullable(Type.Integer()),
        score_band: Type.String(),
        score_reasons: Nullable(Type.String()),
        open_loans: Type.Integer(),
        delinquent_facilities: Type.Integer(),
        max_days_overdue: Type.Integer(),
        total_overdue: Type.Integer({ description: 'Kobo.' }),
        total_outstanding: Type.Integer({ description: 'Kobo.' }),
        enquiries_last_3_months: Type.Integer(),
        last_reported_on: Nullable(Type.String()),
      }),
      {
        description: 'What Tranche keeps from the report (decision 0047); never the report itself.',
      },
    ),
    consent: Type.Object(
      { version: Type.String(), text: Type.String() },
      { description: 'The consent text to show before a check; send its version to run one.' },
    ),
  },
  { $id: 'CreditCheck' },
);
