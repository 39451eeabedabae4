import { describe, expect, it } from 'vitest';
import { LINK_URL_MESSAGE, normalizeLinkUrl } from './link-url';

describe('normalizeLinkUrl', () => {
  it('keeps site paths, web, e-mail and phone addresses as typed', () => {
    for (const href of ['/contact', '/blog/orangeburg-pipe-guide#fix', '#faq', 'https://example.com/a?b=1', 'http://example.com', 'mailto:office@example.com', 'tel:+16025550100', 'HTTPS://EXAMPLE.COM']) {
      expect(normalizeLinkUrl(href), href).toEqual({ ok: true, href });
    }
  });

  it('trims, and completes bare e-mail addresses and host names', () => {
    expect(normalizeLinkUrl('  /contact ')).toEqual({ ok: true, href: '/contact' });
    expect(normalizeLinkUrl('office@valleytrenchless.example')).toEqual({ ok: true, href: 'mailto:office@valleytrenchless.example' });
    expect(normalizeLinkUrl('www.azroc.gov/licenses')).toEqual({ ok: true, href: 'https://www.azroc.gov/licenses' });
    expect(normalizeLinkUrl('example.com:8443/x')).toEqual({ ok: true, href: 'https://example.com:8443/x' });
  });

  it('refuses what the sanitiser would drop or what is not an address', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.example/x', 'https://', 'mailto:', 'two words', 'contact', 'ftp://example.com']) {
      expect(normalizeLinkUrl(bad), bad).toEqual({ ok: false, message: LINK_URL_MESSAGE });
    }
    expect(normalizeLinkUrl('   ')).toEqual({ ok: false, message: 'Enter the address the link goes to.' });
  });
});
