import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { checkoutFrameAncestors } from '../../features/checkout/index.ts';
import { pageSecurityHeaders, type PageSecurityOptions } from '../page-security.ts';
import { MalformedInputError } from '../plugins/malformed-input.ts';
import {
  chooseCoding,
  type ContentCoding,
  loadStaticFiles,
  type StaticFile,
} from '../static-files.ts';
import type { TypedApp } from '../typed-app.ts';

/**
 * The browser side, built into web/dist by scripts/build-web.ts: the widget loader at
 * /sdk/v1/connect.js, the checkout at /checkout/{token}, and their hashed assets.
 *
 * Caching (docs/widget.md): /sdk/v1/ is a major version that only changes compatibly, so the
 * loader is cached for 5 minutes and revalidated by ETag; hashed assets are immutable for a
 * year; HTML is never cached (each checkout page carries its merchant's frame-ancestors).
 */
const SDK_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
const ASSET_CACHE = 'public, max-age=31536000, immutable';
const config = { rateLimit: false };
const hide = { hide: true };

const sdkHeaders = {
  'Cache-Control': SDK_CACHE,
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

export function registerPageRoutes(app: TypedApp, ctx: AppContext, webDistDir: string): void {
  const files = loadStaticFiles(webDistDir);
  sdkConnectScriptRoute(app, files);
  sdkConnectTypesRoute(app, files);
  sdkMessagingDialogRoute(app, files);
  assetRoute(app, files);
  homePageRoute(app, files);
  merchantPageRoutes(app, files);
  adminPageRoutes(app, files);
  dashboardPageRoutes(app, files);
  checkoutReturnPageRoute(app, files);
  checkoutPageWithoutTokenRoute(app, ctx, files);
  checkoutPageRoute(app, ctx, files);
}

function sdkConnectScriptRoute(app: TypedApp, files: Map<string, StaticFile>): void {
  app.get('/sdk/v1/connect.js', { config, schema: hide }, (request, reply) =>
    sendFile(request, reply, files.get('sdk/connect.js'), sdkHeaders),
  );
}

/** The messaging element's learn-more view, which connect.js loads on demand (decision 0056). */
function sdkMessagingDialogRoute(app: TypedApp, files: Map<string, StaticFile>): void {
  app.get('/sdk/v1/messaging-dialog.js', { config, schema: hide }, (request, reply) =>
    sendFile(request, reply, files.get('sdk/messaging-dialog.js'), sdkHeaders),
  );
}

function sdkConnectTypesRoute(app: TypedApp, files: Map<string, StaticFile>): void {
  app.get('/sdk/v1/connect.d.ts', { config, schema: hide }, (request, reply) =>
    sendFile(request, reply, files.get('sdk/connect.d.ts'), sdkHeaders),
  );
}

function assetRoute(app: TypedApp, files: Map<string, StaticFile>): void {
  app.get(
    '/assets/:file',
    {
      config,
      schema: { ...hide, params: Type.Object({ file: Type.String({ maxLength: 200 }) }) },
    },
    (request, reply) => {
      const file = files.get(`assets/${request.params.file}`);
      if (!file) return notFoundPage(reply);
      return sendFile(request, reply, file, { 'Cache-Control': ASSET_CACHE });
    },
  );
}

function homePageRoute(app: TypedApp, files: Map<string, StaticFile>): void {
  app.get('/', { config, schema: hide }, plainPage(files, 'home/index.html'));
}

/** The merchant dashboard: one page for every path under /merchant (its router picks the section). */
function merchantPageRoutes(app: TypedApp, files: Map<string, StaticFile>): void {
  app.get('/merchant', { config, schema: hide }, plainPage(files, 'merchant/index.html'));
  app.get('/merchant/*', { config, schema: hide }, plainPage(files, 'merchant/index.html'));
}

/**
 * The operator console: one page for every path under /admin. It holds the operator token in
 * the tab (decision 0020), so it is never framed, like every page but the checkout.
 */
function adminPageRoutes(app: TypedApp, files: Map<string, StaticFile>): void {
  app.get('/admin', { config, schema: hide }, plainPage(files, 'admin/index.html'));
  app.get('/admin/*', { config, schema: hide }, plainPage(files, 'admin/index.html'));
}

/**
 * The customer dashboard, where a payment link's checkout ends without a redirect_url: one page
 * for every path under /dashboard (its router picks the section or the plan).
 */
function dashboardPageRoutes(app: TypedApp, files: Map<string, StaticFile>): void {
  app.get('/dashboard', { config, schema: hide }, plainPage(files, 'dashboard/index.html'));
  app.get('/dashboard/*', { config, schema: hide }, plainPage(files, 'dashboard/index.html'));
}

function checkoutReturnPageRoute(app: TypedApp, files: Map<string, StaticFile>): void {
  app.get('/checkout/return', { config, schema: hide }, (request, reply) =>
    sendFile(request, reply, files.get('checkout/return.html'), {
      ...pageSecurityHeaders({ frameAncestors: 'none' }),
      'Cache-Control': 'no-store',
    }),
  );
}

function checkoutPageWithoutTokenRoute(
  app: TypedApp,
  ctx: AppContext,
  files: Map<string, StaticFile>,
): void {
  app.get('/checkout/', { config, schema: hide }, (request, reply) =>
    checkoutPage(ctx, files, request, reply, undefined),
  );
}

function checkoutPageRoute(app: TypedApp, ctx: AppContext, files: Map<string, StaticFile>): void {
  app.get(
    '/checkout/:token',
    {
      config,
      schema: { ...hide, params: Type.Object({ token: Type.String({ maxLength: 200 }) }) },
      // A token with NUL in it names no session: the page, as for any unknown token, never JSON.
      errorHandler: (error, request, reply) => {
        if (!(error instanceof MalformedInputError)) throw error;
        // Without a token nothing is looked up: the page is sent at once.
        void checkoutPage(ctx, files, request, reply, undefined);
      },
    },
    (request, reply) => checkoutPage(ctx, files, request, reply, request.params.token),
  );
}

function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile | undefined,
  headers: Record<string, string>,
) {
  if (!file) return notBuilt(reply);
  // The build's compressed copy when the client takes one (decision 0048); each representation
  // has its own ETag, so a cache never revalidates one coding with another's.
  const codings = Object.keys(file.encoded) as ContentCoding[];
  const coding = chooseCoding(request.headers['accept-encoding'], codings);
  const chosen = coding ? file.encoded[coding] : undefined;
  const etag = chosen?.etag ?? file.etag;
  void reply.headers({
    ...headers,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    ...(codings.length > 0 && { Vary: 'Accept-Encoding' }),
    ...(coding && { 'Content-Encoding': coding }),
  });
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(file.contentType).send(chosen?.body ?? file.body);
}

async function checkoutPage(
  ctx: AppContext,
  files: Map<string, StaticFile>,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | undefined,
) {
  // The merchant decides who may frame its checkout; an unknown token still renders (the app
  // explains it, and tells the widget) so it may be framed by anyone.
  const allowed = token === undefined ? null : await checkoutFrameAncestors(ctx, token);
  const frameAncestors: PageSecurityOptions['frameAncestors'] =
    allowed === null || allowed.length === 0 ? 'any' : allowed;
  return sendFile(request, reply, files.get('checkout/index.html'), {
    ...pageSecurityHeaders({ frameAncestors }),
    'Cache-Control': 'no-store',
  });
}

function plainPage(files: Map<string, StaticFile>, file: string) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    sendFile(request, reply, files.get(file), {
      ...pageSecurityHeaders({ frameAncestors: 'none' }),
      'Cache-Control': 'no-cache',
    });
}

function notBuilt(reply: FastifyReply) {
  return reply
    .code(503)
    .headers(pageSecurityHeaders({ frameAncestors: 'none' }))
    .type('text/plain; charset=utf-8')
    .send('The web pages are not built. Run `npm run build:web` (npm start does it for you).');
}

function notFoundPage(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
}
