import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration defaults (README: Configuration)', () => {
  it('listens on loopback unless HOST says otherwise, so a default start is not reachable from the network', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('TRUST_PROXY is the number of proxy hops in front of the app; anything else trusts none', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    for (const value of ['0', 'false', 'yes', '-1', '1.5', ''])
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).toBe(0);
  });

  it('mobile app links (docs/product.md §2 module banner): none by default, http(s) or same-site paths only', () => {
    expect(loadConfig({}).mobileApps).toEqual({ android: null, ios: null, apk: null, help: null });
    const links = loadConfig({
      MOBILE_APP_ANDROID_URL: 'https://play.google.com/store/apps/details?id=cl.example',
      MOBILE_APP_IOS_URL: 'javascript:alert(1)',
      MOBILE_APP_APK_URL: '/descargas/app.apk',
      MOBILE_APP_HELP_URL: '//evil.example/x',
    }).mobileApps;
    expect(links).toEqual({
      android: 'https://play.google.com/store/apps/details?id=cl.example',
      ios: null,
      apk: '/descargas/app.apk',
      help: null,
    });
  });
});
