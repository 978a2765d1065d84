import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookSigningKey } from './secret.js';
import { webhookUrlProblem } from './target.js';

describe('webhook secrets', () => {
  it('are whsec_ and the base64 of 32 random bytes, the key the deliverer signs with', () => {
    const secrets = new Set(Array.from({ length: 20 }, newWebhookSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(webhookSigningKey(secret)).toHaveLength(32);
    }
  });

  it('refuse a secret of another form', () => {
    for (const secret of ['', 'whsec_', 'whsec_YWJj', `wh_${Buffer.alloc(32).toString('base64')}`])
      expect(webhookSigningKey(secret), secret).toBeUndefined();
  });
});

describe('webhook URLs', () => {
  it('accept absolute http and https URLs with a host', () => {
    for (const url of [
      'https://hooks.example.org/in',
      'http://93.184.215.14:8080/x?token=abc',
      'https://[2001:db8::1]/',
    ])
      expect(webhookUrlProblem(url), url).toBeUndefined();
  });

  it('refuse other schemes, relative URLs, credentials and overlong URLs, saying why', () => {
    expect(webhookUrlProblem('ftp://example.org/')).toBe('url must be an http or https URL.');
    expect(webhookUrlProblem('/relative')).toBe('url is not an absolute URL.');
    expect(webhookUrlProblem('https://user:pw@example.org/')).toMatch(/user name or password/);
    expect(webhookUrlProblem('https://user@example.org/')).toMatch(/user name or password/);
    expect(webhookUrlProblem(`https://example.org/${'a'.repeat(2048)}`)).toMatch(/at most 2048/);
    expect(webhookUrlProblem('file:///etc/passwd')).toBe('url must be an http or https URL.');
  });
});
