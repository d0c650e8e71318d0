import { describe, expect, it } from 'vitest';
import { email, embeddingOrigin, isEmbeddingOrigin, toEmbeddingOrigin, url } from './contact.ts';

describe('email (docs/product.md §5: valid address, no ñ)', () => {
  it.each([
    'ana.perez@constructora.cl',
    'a+postventa@mail.empresa.com.br',
    'JUAN@EMPRESA.CL',
    ' ana@empresa.cl ',
    "o'brien@x.io",
  ])('%j is accepted', (value) => expect(email(value)).toBeNull());

  it.each([
    'ana',
    'ana@',
    '@empresa.cl',
    'ana@empresa',
    'ana@@empresa.cl',
    'ana @empresa.cl',
    'ana..p@empresa.cl',
    '.ana@empresa.cl',
    'ana@-empresa.cl',
    'ana@empresa.c',
    'ana@empresa.123',
  ])('%j is invalid', (value) => expect(email(value)).toEqual({ key: 'validation.email' }));

  it('gives the ñ its own message, in either case', () => {
    expect(email('peña@empresa.cl')).toEqual({ key: 'validation.email_no_enie' });
    expect(email('ana@ÑUÑOA.cl')).toEqual({ key: 'validation.email_no_enie' });
  });

  it('leaves absent values to required and refuses non-text', () => {
    expect(email('')).toBeNull();
    expect(email(null)).toBeNull();
    expect(email(42)).toEqual({ key: 'validation.email' });
  });

  it('refuses addresses longer than mail allows', () => {
    expect(email(`${'a'.repeat(65)}@empresa.cl`)).toEqual({ key: 'validation.email' });
  });
});

describe('url (docs/product.md §5 "URL must be valid")', () => {
  it.each([
    'https://hooks.empresa.cl/postventa',
    'http://localhost:3000/webhook',
    'https://api.hubspot.com/crm/v3?x=1',
    'http://[::1]:8080/',
  ])('%j is accepted', (value) => expect(url(value)).toBeNull());
  it.each([
    'empresa.cl',
    'ftp://empresa.cl/x',
    'javascript:alert(1)',
    'https://',
    'https://empresa',
    'https://emp resa.cl',
    'https://a..cl',
    42,
  ])('%j is refused', (value) => expect(url(value)).toEqual({ key: 'validation.url' }));
  it('leaves absent values to required', () => expect(url(undefined)).toBeNull());
});

describe('embeddingOrigin (sites allowed to frame the owner portal: https origins only)', () => {
  it.each([
    'https://www.inmobiliaria.cl',
    'https://Portal.Cordillera.cl:8443',
    'https://xn--and-6ma2c.cl',
    'https://www.inmobiliaria.cl/',
  ])('%j is accepted', (value) => {
    expect(embeddingOrigin(value)).toBeNull();
    expect(isEmbeddingOrigin(value)).toBe(true);
  });
  it.each([
    'http://www.inmobiliaria.cl',
    'http://localhost:3000',
    'https://x.cl/portal',
    'https://x.cl?a=1',
    'https://user:pw@x.cl',
    'https://*.x.cl',
    'https://localhost',
    'https://x.cl;script-src',
  ])('%j is refused as not an https origin', (value) => {
    expect(embeddingOrigin(value)).toEqual({ key: 'validation.https_origin' });
    expect(isEmbeddingOrigin(value)).toBe(false);
  });
  it.each(['nota-url', 'javascript:alert(1)', 'https://', 42])('%j is refused as not a URL', (value) =>
    expect(embeddingOrigin(value)).toEqual({ key: 'validation.url' }),
  );
  it('is stored as the browser sends it in Origin: lower case, no default port, no slash', () => {
    expect(toEmbeddingOrigin(' https://Portal.Cordillera.cl:443/ ')).toBe('https://portal.cordillera.cl');
    expect(toEmbeddingOrigin('https://portal.cordillera.cl:8443')).toBe('https://portal.cordillera.cl:8443');
  });
  it('leaves absent values to required, but an absent value is no origin', () => {
    expect(embeddingOrigin('')).toBeNull();
    expect(isEmbeddingOrigin('')).toBe(false);
  });
});
