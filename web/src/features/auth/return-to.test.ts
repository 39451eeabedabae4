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

  // Found by the attack of 2026-11-27: the browser resolves %2e%2e as "..",
  // so this landed on /blog.
  it('resolves the page as the browser will before checking it is a staff page', () => {
    const origin = 'https://valleytrenchless.example';
    for (const bad of [
      '/admin/%2e%2e/blog',
      '/admin/%2E%2E/blog',
      '/admin/.%2e/blog',
      '/admin/%2e./blog',
      '/admin/%2e%2e',
      '/admin/%2e%2e?x=/admin',
      '/admin/leads/%2e%2e/%2e%2e/api/x',
      '/admin/..\\blog',
      '/admin\\..\\blog',
      '/admin/./../blog',
      '/admin/.%2e//evil.example',
      '/admin/\t../blog',
      '/admin/\u200b/x',
      '/admin/%2e%2e/%2e%2e//evil.example',
    ]) {
      expect(adminPath(bad, origin), bad).toBe('/admin');
    }
    expect(adminPath('/admin/leads/%2e%2e/posts', origin)).toBe('/admin/posts');
    expect(adminPath('/admin/./leads?filter=unread', origin)).toBe('/admin/leads?filter=unread');
    // Encoded slashes stay inside one segment: still a staff page.
    expect(adminPath('/admin/..%2fblog', origin)).toBe('/admin/..%2fblog');
    expect(adminPath('/admin/%2e%2e%2fblog/..', origin)).toBe('/admin/');
  });
});

describe('googleSignInHref', () => {
  it('passes the page to come back to as next', () => {
    expect(googleSignInHref('/admin')).toBe('/auth/google');
    expect(googleSignInHref('/admin/leads?filter=unread')).toBe('/auth/google?next=%2Fadmin%2Fleads%3Ffilter%3Dunread');
  });
});
