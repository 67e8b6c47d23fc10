import { describe, expect, it } from 'vitest';

import { deviceCookie, deviceLabel, readCookie } from './remembered-devices.ts';

describe('remembered devices (decision 0054): the cookie', () => {
  it('is httpOnly, scoped to the remembered-device routes, and partitioned cross-site over https', () => {
    expect(deviceCookie('tranche_device_mer_1', 'rdt_x', 2_592_000, true)).toBe(
      'tranche_device_mer_1=rdt_x; Path=/api/v1/customers/remembered-device; Max-Age=2592000; HttpOnly; Secure; SameSite=None; Partitioned',
    );
    expect(deviceCookie('tranche_device_mer_1', '', 0, false)).toBe(
      'tranche_device_mer_1=; Path=/api/v1/customers/remembered-device; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });

  it('is read by exact name from a Cookie header', () => {
    const header = 'a=1; tranche_device_mer_12=wrong; tranche_device_mer_1=rdt_right';
    expect(readCookie(header, 'tranche_device_mer_1')).toBe('rdt_right');
    expect(readCookie(header, 'tranche_device_mer_2')).toBeUndefined();
    expect(readCookie(undefined, 'a')).toBeUndefined();
  });

  it('labels a device by browser and system', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(deviceLabel('')).toBe('A browser on an unknown system');
  });
});
