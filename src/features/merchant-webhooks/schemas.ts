import { Type } from 'typebox';

export const WebhookAttempt = Type.Object({
  attempted_at: Type.String({ format: 'date-time' }),
  url: Type.String(),
  outcome: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  latency_ms: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const EventStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('retrying'),
  Type.Literal('delivered'),
  Type.Literal('dead'),
]);

export const WebhookEvent = Type.Object(
  {
    id: Type.String({ examples: ['evt_4kQ2nV8sLm0pXc7RtY1a'] }),
    object: Type.Literal('webhook_event'),
    event: Type.String({ examples: ['payment.success'] }),
    livemode: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    status: EventStatus,
    attempts: Type.Integer(),
    next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description:
        'When the next attempt is due (pending or retrying); null once delivered or dead.',
    }),
    delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    last_status_code: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    payload: Type.Unknown({ description: 'The exact body that is signed and sent, parsed.' }),
    attempt_log: Type.Optional(Type.Array(WebhookAttempt)),
  },
  { $id: 'WebhookEvent' },
);
