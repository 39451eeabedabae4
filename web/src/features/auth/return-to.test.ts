import { describe, expect, it } from 'vitest';
import { adminPath, googleSignInHref, returnTo } from './return-to';

describe('returnTo', () => {
  it('comes back to the staff page the guard sent to /auth', () => {
    expect(returnTo({ from: '/admin/leads' })).toBe('/admin/leads');
    expect(returnTo({ from: '/admin/leads?filter=unread' })).toBe('/admin/leads?filter=unread');
    expect(returnTo({ from: '/admin/posts/9c4493b7' })).toBe('/admin/posts/9c4493b7');
  });

  it('is /admin without a staff page to go back to', () => {
    expect(returnTo(null)).toBe('/admin');
    expect(returnTo(undefined)).toBe('/admin');
    expect(returnTo({})).toBe('/admin');
    expect(returnTo({ from: 42 })).toBe('/admin');
  });

  it('never leads off the site or out of the staff area', () => {
    for (const bad of ['//evil.example/admin', '/admin//evil.example', '/\\evil.example', 'https://evil.example/admin', '/blog/x', '/admin/../api/x', '/administrator', '/admin/x\ny']) {
      expect(adminPath(bad), bad).toBe('/admin');
    }
  });
});

describe('googleSignInHref', () => {
  it('passes the page to come back to as next', () => {
    expect(googleSignInHref('/admin')).toBe('/auth/google');
    expect(googleSignInHref('/admin/leads?filter=unread')).toBe('/auth/google?next=%2Fadmin%2Fleads%3Ffilter%3Dunread');
  });
});
