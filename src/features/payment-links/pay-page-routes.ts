import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import { formatNaira } from '../../domain/naira.ts';
import type { CustomerFieldDefinition } from '../../domain/order-details.ts';
import { statusForCode } from '../../http/error-mapper.ts';
import { findMalformedText } from '../../http/malformed-text.ts';
import { pageSecurityHeaders } from '../../http/page-security.ts';
import { MalformedInputError } from '../../http/plugins/malformed-input.ts';
import { Strict } from '../../http/schemas.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { type LinkSubmission, type LinkVisit, visitPaymentLink } from './payment-links.ts';

/*
 * The public payment-link page (`/pay/{link_id}`): a visit opens a checkout session and redirects
 * to it, or explains in plain HTML why it cannot; its stylesheet; the page for a malformed address.
 */
const PAY_STYLESHEET_PATH = '/pay/assets/pay.css';
const PAY_STYLESHEET = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1c1c1c}
h1{font-size:1.4rem}
p{line-height:1.5}
.problem{color:#a40000}
input,button,textarea{font-size:1rem;padding:.5rem}
.field{margin:0 0 1rem}
.field label{display:block;font-weight:600;margin:0 0 .25rem}
.field input,.field textarea{display:block;width:100%;box-sizing:border-box;border:1px solid #767676;border-radius:4px}
.field [aria-invalid=true]{border-color:#a40000}
.field .problem{margin:.25rem 0 0}
.hint{color:#555;font-weight:400}
h1{overflow-wrap:anywhere}
`;

/** The API's public origin, when PUBLIC_BASE_URL is a plain http(s) origin; else nothing. */
function publicOrigin(publicBaseUrl: string): string[] {
  try {
    const { origin } = new URL(publicBaseUrl);
    return /^https?:\/\/[a-z0-9.:[\]-]+$/.test(origin) ? [origin] : [];
  } catch {
    return [];
  }
}

export function payStylesheetRoute(app: TypedApp): void {
  app.get(
    PAY_STYLESHEET_PATH,
    { config: { rateLimit: false }, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .header('Cache-Control', 'public, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .type('text/css; charset=utf-8')
        .send(PAY_STYLESHEET),
  );
}

export function openPaymentLinkPageRoute(app: TypedApp, ctx: AppContext): void {
  // Nobody may frame these pages. The amount form submits to this page, whose answer redirects
  // to the checkout on PUBLIC_BASE_URL: allowed even when the page was reached by another host
  // name (127.0.0.1 for localhost), since form-action also governs the redirect.
  const payPageHeaders = pageSecurityHeaders({
    frameAncestors: 'none',
    formAction: publicOrigin(ctx.settings.publicBaseUrl),
  });
  app.get(
    '/pay/:link_id',
    {
      // Every answer of the page (HTML, the 303 to checkout, a refusal) carries the page headers.
      onRequest: async (_request, reply) => {
        reply.headers(payPageHeaders);
      },
      schema: {
        operationId: 'openPaymentLinkPage',
        security: [],
        tags: ['Payment links'],
        summary: 'A payment link’s public page (customers’ browsers)',
        description:
          'Creates a checkout session for this visit and answers 303 to its `checkout_url`. A link where the customer enters the amount first shows a small form (`amount` in naira, e.g. `25000.50`). Unknown link: 404 page; deactivated: 410 page; merchant not able to take payments: 403 page. HTML, never JSON. Other query parameters (tracking tags) are ignored.',
        params: Type.Object({ link_id: Type.String({ minLength: 1, maxLength: 64 }) }, Strict),
        querystring: Type.Object({ amount: Type.Optional(Type.String({ maxLength: 32 })) }),
      },
      // Malformed text (NUL, a lone surrogate) is answered by a page, never JSON: in the link id
      // it cannot name a link (the unknown link's page); in the query the address is broken. So
      // is a request the schema refuses (an over-long link id, `amount` sent twice): a 400 page.
      errorHandler: (error, _request, reply) => {
        const malformed = error instanceof MalformedInputError;
        if (!malformed && !(error as { validation?: unknown }).validation) throw error;
        const answer =
          malformed && error.part === 'path'
            ? renderVisitPage({ kind: 'not_found' }, '')
            : invalidAddressPage;
        void reply
          .code(answer.status)
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(answer.html);
      },
    },
    async (request, reply) => {
      const visit = await visitPaymentLink(ctx, request.params.link_id, request.query.amount);
      // Every visit must reach the server: a cached redirect would share one session.
      reply.header('Cache-Control', 'no-store');
      if (visit.kind === 'redirect') {
        return reply.code(303).header('Location', visit.checkoutUrl).send();
      }
      const page = renderVisitPage(visit, request.params.link_id);
      return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
    },
  );
}

/** The form of a link that asks questions (decision 0052): application/x-www-form-urlencoded. */
const FORM_BODY_LIMIT_BYTES = 16 * 1024;
const FORM_FIELD_PREFIX = 'field_';

/**
 * The buyer's answers, posted by the link's own form: never in the address (a delivery address
 * and a phone would sit in browser history, proxies' logs and the Referer). Registered in its own
 * scope, so the form encoding is understood here only and the API stays JSON.
 */
export function submitPaymentLinkFormRoute(app: TypedApp, ctx: AppContext): void {
  const payPageHeaders = pageSecurityHeaders({
    frameAncestors: 'none',
    formAction: publicOrigin(ctx.settings.publicBaseUrl),
  });
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/pay/:link_id',
      {
        onRequest: async (_request, reply) => {
          reply.headers(payPageHeaders);
        },
        schema: {
          operationId: 'submitPaymentLinkForm',
          security: [],
          tags: ['Payment links'],
          summary: 'A payment link’s form, submitted (customers’ browsers)',
          description:
            'For a link with `customer_fields`: the page’s form posts the buyer’s answers here (`application/x-www-form-urlencoded`: `amount` in naira for a link where the customer enters it, and `field_<key>` per question). Answers checked (every required one given, a phone that is one, lengths): 303 to the new checkout session’s `checkout_url`, the answers on the session and later on the plan; otherwise the form again with each problem beside its field (400). HTML, never JSON.',
          params: Type.Object({ link_id: Type.String({ minLength: 1, maxLength: 64 }) }, Strict),
          body: Type.Object(
            { amount: Type.Optional(Type.String({ maxLength: 32 })) },
            {
              additionalProperties: Type.String({ maxLength: 2000 }),
              maxProperties: 20,
            },
          ),
        },
        // A browser reads this answer: every body it cannot take (another encoding, JSON, too
        // many fields, malformed text) gets the form's 400 page, never the API's JSON error.
        errorHandler: (error, _request, reply) => {
          if (!isClientError(error)) throw error;
          void reply
            .code(invalidFormPage.status)
            .header('Cache-Control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(invalidFormPage.html);
        },
      },
      async (request, reply) => {
        const body: Record<string, string | undefined> = request.body;
        // NUL or a lone surrogate cannot be stored (src/http/malformed-text.ts): the form's page
        // says the form could not be read, as for any body it cannot take.
        if (findMalformedText(body) !== undefined) {
          return reply
            .code(invalidFormPage.status)
            .header('Cache-Control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(invalidFormPage.html);
        }
        const answers = new Map<string, string>();
        for (const [name, value] of Object.entries(body)) {
          if (value !== undefined && name.startsWith(FORM_FIELD_PREFIX)) {
            answers.set(name.slice(FORM_FIELD_PREFIX.length), value);
          }
        }
        const submission: LinkSubmission = { amount: body.amount, answers };
        const visit = await visitPaymentLink(ctx, request.params.link_id, undefined, submission);
        reply.header('Cache-Control', 'no-store');
        if (visit.kind === 'redirect') {
          return reply.code(303).header('Location', visit.checkoutUrl).send();
        }
        const page = renderVisitPage(visit, request.params.link_id);
        return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
      },
    );
  });
}

function isClientError(error: unknown): boolean {
  if (error instanceof MalformedInputError) return true;
  if ((error as { validation?: unknown }).validation) return true;
  if (error instanceof DomainError) return statusForCode(error.code) < 500;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const invalidAddressPage = {
  status: 400,
  html: page(
    'Address not valid',
    '<h1>This address is not valid</h1><p>Check the address, or ask the seller for a new link.</p>',
  ),
};

/**
 * The payment link page's 400 for an address the router itself refuses (`/pay/%`, `/pay/%ED%A0%80`:
 * percent-escapes that do not decode), before any route runs: the page, never JSON.
 */
export function sendInvalidPayAddressPage(reply: FastifyReply, publicBaseUrl: string): void {
  void reply
    .code(invalidAddressPage.status)
    .headers(
      pageSecurityHeaders({ frameAncestors: 'none', formAction: publicOrigin(publicBaseUrl) }),
    )
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(invalidAddressPage.html);
}

const invalidFormPage = {
  status: 400,
  html: page(
    'Form not valid',
    '<h1>This form could not be read</h1><p>Go back to the payment link and fill it in again.</p>',
  ),
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Tranche</title>
<link rel="stylesheet" href="${PAY_STYLESHEET_PATH}">
</head><body>${body}</body></html>`;
}

export function renderVisitPage(
  visit: Exclude<LinkVisit, { kind: 'redirect' }>,
  linkId: string,
): { status: number; html: string } {
  switch (visit.kind) {
    case 'not_found':
      return {
        status: 404,
        html: page(
          'Link not found',
          '<h1>This payment link does not exist</h1><p>Check the address, or ask the seller for a new link.</p>',
        ),
      };
    case 'unavailable':
      return {
        status: visit.reason === 'deactivated' ? 410 : 403,
        html: page(
          visit.title,
          `<h1>${escapeHtml(visit.title)}</h1><p>${
            visit.reason === 'deactivated'
              ? 'This payment link is no longer active.'
              : 'This seller cannot take payments at the moment.'
          } Nothing has been charged. Please contact the seller.</p>`,
        ),
      };
    case 'ask_details':
      return {
        status: visit.errors.length === 0 && visit.amountProblem === null ? 200 : 400,
        html: page(visit.title, detailsForm(visit, linkId)),
      };
    case 'choose_amount':
      return {
        status: visit.problem === null ? 200 : 400,
        html: page(
          visit.title,
          `<h1>${escapeHtml(visit.title)}</h1>
<form method="get" action="/pay/${escapeHtml(linkId)}">
<p><label for="amount">Amount in naira, from ${formatNaira(visit.minKobo)} to ${formatNaira(visit.maxKobo)}</label></p>
${visit.problem === null ? '' : `<p class="problem">${escapeHtml(visit.problem)}</p>`}
<p><input id="amount" name="amount" inputmode="decimal" required> <button type="submit">Continue</button></p>
</form>`,
        ),
      };
  }
}

/** The questions of a link (decision 0052), with the amount first when the buyer enters it. */
function detailsForm(visit: Extract<LinkVisit, { kind: 'ask_details' }>, linkId: string): string {
  const problems = new Map(visit.errors.map((e) => [e.field, e.message]));
  const amountField =
    visit.amount.type === 'fixed'
      ? `<p>Amount: <strong>${formatNaira(visit.amount.amountKobo)}</strong></p>`
      : fieldHtml({
          id: 'amount',
          name: 'amount',
          label: `Amount in naira, from ${formatNaira(visit.amount.minKobo)} to ${formatNaira(visit.amount.maxKobo)}`,
          required: true,
          value: visit.entered.amount,
          problem: visit.amountProblem,
          control: 'input',
          attributes: 'inputmode="decimal"',
        });
  const questions = visit.fields
    .map((field) =>
      fieldHtml({
        id: `f-${field.key}`,
        name: `${FORM_FIELD_PREFIX}${field.key}`,
        label: field.label,
        required: field.required,
        value: visit.entered.answers.get(field.key) ?? '',
        problem: problems.get(field.key) ?? null,
        control: field.type === 'address' ? 'textarea' : 'input',
        attributes: controlAttributes(field),
      }),
    )
    .join('\n');
  const count = visit.errors.length + (visit.amountProblem === null ? 0 : 1);
  const summary =
    count === 0
      ? ''
      : `<p class="problem" role="alert">${count === 1 ? 'One answer needs' : `${count} answers need`} a change before you continue.</p>`;
  return `<h1>${escapeHtml(visit.title)}</h1>
<p>The seller needs these details to deliver your order. They are shared with the seller only.</p>
${summary}
<form method="post" action="/pay/${escapeHtml(linkId)}">
${amountField}
${questions}
<p><button type="submit">Continue to payment</button></p>
</form>`;
}

function controlAttributes(field: CustomerFieldDefinition): string {
  switch (field.type) {
    case 'phone':
      return 'type="tel" autocomplete="tel" inputmode="tel"';
    case 'address':
      return 'autocomplete="street-address" rows="3"';
    case 'text':
      return 'type="text"';
  }
}

function fieldHtml(f: {
  id: string;
  name: string;
  label: string;
  required: boolean;
  value: string;
  problem: string | null;
  control: 'input' | 'textarea';
  attributes: string;
}): string {
  const errorId = `${f.id}-problem`;
  const state = `${f.required ? ' required' : ''}${f.problem === null ? '' : ` aria-invalid="true" aria-describedby="${errorId}"`}`;
  const control =
    f.control === 'textarea'
      ? `<textarea id="${f.id}" name="${f.name}" ${f.attributes}${state}>${escapeHtml(f.value)}</textarea>`
      : `<input id="${f.id}" name="${f.name}" value="${escapeHtml(f.value)}" ${f.attributes}${state}>`;
  return `<div class="field"><label for="${f.id}">${escapeHtml(f.label)}${f.required ? '' : ' <span class="hint">(optional)</span>'}</label>
${control}${f.problem === null ? '' : `<p class="problem" id="${errorId}">${escapeHtml(f.problem)}</p>`}</div>`;
}
