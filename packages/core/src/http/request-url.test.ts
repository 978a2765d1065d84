import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config.js';
import { contentLanguage, requestMethod, requestTarget } from './request-url.js';
import type { CoreRequest } from './types.js';

const config = resolveConfig({ languages: ['en', 'de'], defaultLanguage: 'en' } as never);
const request = (overrides: Partial<CoreRequest> = {}): CoreRequest => ({
  method: 'GET',
  url: '/api/calendar/events/v1/events?page=2',
  mountPath: '/api/',
  headers: { host: 'example.org' },
  ...overrides,
});

describe('requestMethod', () => {
  it('lets a POST name another method, and nothing else', () => {
    const url = new URL('http://x/e?_method=delete');
    expect(requestMethod(request({ method: 'POST' }), url)).toBe('DELETE');
    expect(requestMethod(request({ method: 'GET' }), url)).toBe('GET');
    const overridden = request({ method: 'post', headers: { 'x-http-method-override': ' put ' } });
    expect(requestMethod(overridden, new URL('http://x/e'))).toBe('PUT');
  });
});

describe('contentLanguage', () => {
  it('takes a configured language, else the fallback', () => {
    expect(contentLanguage('de', config, 'en')).toBe('de');
    expect(contentLanguage('fr', config, 'en')).toBe('en');
    expect(contentLanguage(['de'], config, 'en')).toBe('en');
    expect(contentLanguage(undefined, config, 'de')).toBe('de');
  });
});

describe('requestTarget', () => {
  it('builds the prefix and the URLs from the mount path, the host and the address language', () => {
    const target = requestTarget(request({ language: 'de' }), config);
    expect(target.addressLanguage).toBe('de');
    expect(target.prefix).toBe('/api/de/calendar/events/v1');
    expect(target.root).toBe('http://example.org/api');
    expect(target.urls.rest('/events/1')).toBe('http://example.org/api/de/calendar/events/v1/events/1');
  });

  it('takes the forwarded origin only behind a trusted proxy, and ignores an unconfigured language', () => {
    const forwarded = request({
      language: 'fr',
      headers: { host: 'internal', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'public.example' },
    });
    expect(requestTarget(forwarded, config).root).toBe('http://internal/api');
    const trusted = requestTarget(forwarded, { ...config, trustProxy: true });
    expect(trusted.root).toBe('https://public.example/api');
    expect(trusted.prefix).toBe('/api/calendar/events/v1');
  });
});
