import type { AppContext } from '../../app-context.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { maskEmail } from '../../domain/sign-in-code.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { newId, randomBase62 } from '../../platform/ids.ts';
import { type CustomerSession, openCustomerSession } from './customers.ts';

/**
 * Remembered devices (decision 0054): after signing in at a shop's checkout, a customer may ask
 * this browser to be remembered for that shop. The browser then holds a random token in an
 * httpOnly cookie scoped to the remembered-device routes (never readable by script, never sent
 * anywhere else); the database holds its digest, the customer, the shop and the expiry. A later
 * checkout of the same shop on that browser offers "Continue as …" without a code or password.
 * Another shop, another browser, or an expired, revoked or forgotten device signs in as before.
 */

/** Thirty days from the tick, not sliding: a device left behind stops working on its own. */
export const REMEMBERED_DEVICE_TTL_MS = 30 * 24 * 60 * 60_000;

/** The cookie carries one shop's token; one per shop, so shops never share a device's trust. */
export const REMEMBERED_DEVICE_COOKIE_PATH = '/api/v1/customers/remembered-device';
export function rememberedDeviceCookieName(merchantId: string): string {
  return `tranche_device_${merchantId}`;
}

export interface RememberedDeviceView {
  id: string;
  object: 'remembered_device';
  merchant_id: string;
  merchant_name: string;
  label: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

/** "Chrome on Android" from a User-Agent: enough for the customer to recognise the device. */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${system}`;
}

async function merchantOfSession(ctx: AppContext, sessionToken: string) {
  const session = await ctx.db
    .selectFrom('checkout_sessions as s')
    .innerJoin('merchants as m', 'm.id', 's.merchant_id')
    .select(['s.merchant_id', 'm.business_name'])
    .where('s.token', '=', sessionToken)
    .executeTakeFirst();
  if (!session) throw notFound('Checkout session');
  return session;
}

export interface RememberedDevice {
  device: RememberedDeviceView;
  /** For the Set-Cookie header only: never in a response body. */
  token: string;
  cookieName: string;
  maxAgeSeconds: number;
}

/** Remembers this browser for the shop of `sessionToken`, for the signed-in customer. */
export async function rememberDevice(
  ctx: AppContext,
  customerId: string,
  sessionToken: string,
  userAgent: string,
): Promise<RememberedDevice> {
  const shop = await merchantOfSession(ctx, sessionToken);
  const now = ctx.clock.now();
  const token = `rdt_${randomBase62(43)}`;
  const row = await ctx.db
    .insertInto('remembered_devices')
    .values({
      id: newId('rdv'),
      customer_id: customerId,
      merchant_id: shop.merchant_id,
      digest: sha256Hex(token),
      label: deviceLabel(userAgent),
      created_at: now,
      last_used_at: now,
      expires_at: new Date(now.getTime() + REMEMBERED_DEVICE_TTL_MS),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    device: {
      id: row.id,
      object: 'remembered_device',
      merchant_id: row.merchant_id,
      merchant_name: shop.business_name,
      label: row.label,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
    },
    token,
    cookieName: rememberedDeviceCookieName(shop.merchant_id),
    maxAgeSeconds: REMEMBERED_DEVICE_TTL_MS / 1000,
  };
}

/** The live device row the cookie names for this session's shop, with its customer. */
async function liveDevice(ctx: AppContext, merchantId: string, cookieToken: string | undefined) {
  if (!cookieToken) return undefined;
  return ctx.db
    .selectFrom('remembered_devices as d')
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .selectAll('c')
    .select(['d.id as device_id'])
    .where('d.digest', '=', sha256Hex(cookieToken))
    .where('d.merchant_id', '=', merchantId)
    .where('d.revoked_at', 'is', null)
    .where('d.expires_at', '>', ctx.clock.now())
    .executeTakeFirst();
}

export interface RememberedDeviceStatus {
  object: 'remembered_device_status';
  remembered: boolean;
  /** Set when remembered: whom to offer "Continue as …" for. */
  first_name: string | null;
  email_hint: string | null;
}

export async function rememberedDeviceStatus(
  ctx: AppContext,
  sessionToken: string,
  cookieHeader: string | undefined,
): Promise<RememberedDeviceStatus> {
  const shop = await merchantOfSession(ctx, sessionToken);
  const found = await liveDevice(
    ctx,
    shop.merchant_id,
    readCookie(cookieHeader, rememberedDeviceCookieName(shop.merchant_id)),
  );
  return {
    object: 'remembered_device_status',
    remembered: found !== undefined,
    first_name: found?.first_name ?? null,
    email_hint: found ? maskEmail(found.email) : null,
  };
}

/** One tap: a remembered device signs in at its shop's checkout (a new login, like a password). */
export async function continueOnRememberedDevice(
  ctx: AppContext,
  sessionToken: string,
  cookieHeader: string | undefined,
): Promise<CustomerSession> {
  const shop = await merchantOfSession(ctx, sessionToken);
  const found = await liveDevice(
    ctx,
    shop.merchant_id,
    readCookie(cookieHeader, rememberedDeviceCookieName(shop.merchant_id)),
  );
  if (!found) {
    throw new DomainError(
      'unauthenticated',
      'This device is not remembered for this shop any more. Sign in with a code or your password.',
    );
  }
  const { device_id: deviceId, ...customer } = found;
  await ctx.db
    .updateTable('remembered_devices')
    .set({ last_used_at: ctx.clock.now() })
    .where('id', '=', deviceId)
    .execute();
  return openCustomerSession(ctx, customer);
}

/** "Not you?": this browser stops being remembered for this shop. Always the same answer. */
export async function forgetRememberedDevice(
  ctx: AppContext,
  sessionToken: string,
  cookieHeader: string | undefined,
): Promise<{ merchantId: string }> {
  const shop = await merchantOfSession(ctx, sessionToken);
  const token = readCookie(cookieHeader, rememberedDeviceCookieName(shop.merchant_id));
  if (token) {
    await ctx.db
      .updateTable('remembered_devices')
      .set({ revoked_at: ctx.clock.now() })
      .where('digest', '=', sha256Hex(token))
      .where('revoked_at', 'is', null)
      .execute();
  }
  return { merchantId: shop.merchant_id };
}

export async function listRememberedDevices(
  ctx: AppContext,
  customerId: string,
): Promise<RememberedDeviceView[]> {
  const rows = await ctx.db
    .selectFrom('remembered_devices as d')
    .innerJoin('merchants as m', 'm.id', 'd.merchant_id')
    .selectAll('d')
    .select('m.business_name')
    .where('d.customer_id', '=', customerId)
    .where('d.revoked_at', 'is', null)
    .where('d.expires_at', '>', ctx.clock.now())
    .orderBy('d.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    object: 'remembered_device',
    merchant_id: r.merchant_id,
    merchant_name: r.business_name,
    label: r.label,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
  }));
}

export async function revokeRememberedDevice(
  ctx: AppContext,
  customerId: string,
  deviceId: string,
): Promise<{ id: string; object: 'remembered_device'; revoked: true }> {
  const result = await ctx.db
    .updateTable('remembered_devices')
    .set({ revoked_at: ctx.clock.now() })
    .where('id', '=', deviceId)
    .where('customer_id', '=', customerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound('Remembered device');
  return { id: deviceId, object: 'remembered_device', revoked: true };
}

/** One cookie's value from a Cookie header (no cookie library: this is the only cookie read). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The Set-Cookie value. Over https: `SameSite=None; Secure; Partitioned`, so that it works in the
 * checkout embedded in the shop's page, kept in that shop's partition (CHIPS) where browsers
 * partition; over http (development): `SameSite=Lax`, which the demo store on another port of
 * the same host still sends.
 */
export function deviceCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
): string {
  const parts = [
    `${name}=${value}`,
    `Path=${REMEMBERED_DEVICE_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
  ];
  parts.push(...(secure ? ['Secure', 'SameSite=None', 'Partitioned'] : ['SameSite=Lax']));
  return parts.join('; ');
}
