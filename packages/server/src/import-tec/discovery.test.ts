import { type FakeTecServer, startFakeTec } from '@calendar-events/tests';
import { afterEach, describe, expect, it } from 'vitest';
import { apiLinkOfHeader, apiLinkOfHtml, discoverSource, routeUrl } from './discovery.js';
import { SourceClient } from './source-client.js';

describe('the parts of discovery', () => {
  it('finds the API link among several links of a header', () => {
    expect(
      apiLinkOfHeader(
        '<https://a.example/?p=1>; rel=shortlink, <https://a.example/wp-json/>; rel="https://api.w.org/"',
      ),
    ).toBe('https://a.example/wp-json/');
    expect(apiLinkOfHeader('<https://a.example/feed>; rel="alternate"')).toBeUndefined();
    expect(apiLinkOfHeader(null)).toBeUndefined();
  });

  it('finds the API link of a page, attributes in any order', () => {
    expect(
      apiLinkOfHtml(`<head><link href='https://b.example/wp-json/' rel='https://api.w.org/'></head>`),
    ).toBe('https://b.example/wp-json/');
    expect(apiLinkOfHtml('<link rel="stylesheet" href="/x.css">')).toBeUndefined();
  });

  it('builds route URLs under a pretty and a permalink-less root', () => {
    expect(routeUrl('https://c.example/wp-json/', '/tribe/events/v1/events', { page: 2 })).toBe(
      'https://c.example/wp-json/tribe/events/v1/events?page=2',
    );
    expect(routeUrl('https://c.example/?rest_route=/', '/tribe/events/v1/events', { page: 2 })).toBe(
      'https://c.example/?rest_route=/tribe/events/v1/events&page=2',
    );
  });
});

describe('discoverSource', { timeout: 20_000 }, () => {
  let site: FakeTecServer | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });
  const client = () => new SourceClient({ backoffMs: 5, attempts: 2 });

  it.each(['link-header', 'html-link', 'rest-route'] as const)(
    'finds the API of a site announced by %s',
    async (discovery) => {
      site = await startFakeTec({ discovery });
      const found = await discoverSource(client(), site.url);
      expect(found.restRoot).toBe(site.restRoot);
      expect(found.namespaceUrl).toBe(routeUrl(site.restRoot, '/tribe/events/v1'));
      expect(found.site).toEqual({
        name: 'Fake Events',
        home: site.url.replace(/\/$/, ''),
        timezoneString: 'Europe/Berlin',
        gmtOffset: 1,
      });
      expect(found.defaultPerPage).toBe(10);
      // The REST index is asked for the fields used only.
      expect(site.requests.some((request) => request.includes('_fields=name%2Chome%2Cgmt_offset'))).toBe(
        true,
      );
    },
  );

  it('takes the REST root and the namespace URL as they are', async () => {
    site = await startFakeTec();
    for (const url of [`${site.url}wp-json/`, `${site.url}wp-json`, `${site.url}wp-json/tribe/events/v1/`]) {
      const found = await discoverSource(client(), url);
      expect(found.restRoot).toBe(`${site.url}wp-json/`);
    }
  });

  it('refuses a site without the plugin, a page that is not JSON, and a wrong password, each in one line', async () => {
    site = await startFakeTec({ faults: { notThePlugin: true } });
    await expect(discoverSource(client(), site.url)).rejects.toThrow(
      /^http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1 is not the REST API of The Events Calendar \(no tribe\/events\/v1 namespace with \/events\)$/,
    );
    site.faults = { notJson: true };
    await expect(discoverSource(client(), site.url)).rejects.toThrow(/answered a page that is not JSON/);
    site.faults = {};
    const wrong = new SourceClient({ credentials: { user: 'admin', password: 'nope' } });
    await expect(discoverSource(wrong, site.url)).rejects.toThrow(
      /refused access \(401 incorrect_password\): check --user and the application password$/,
    );
  });

  it('refuses a web site that is not WordPress', async () => {
    site = await startFakeTec();
    await expect(discoverSource(client(), `${site.url}about/`)).rejects.toThrow(/not JSON/);
  });
});
