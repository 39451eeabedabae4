import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_STORAGE_KEY,
  captureAttribution,
  currentAttribution,
  EMPTY_ATTRIBUTION,
  parseAttribution,
  type AttributionStorage,
} from './attribution';

/** sessionStorage's contract over a Map (node has no Web Storage). */
class MemoryStorage implements AttributionStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

class BrokenStorage implements AttributionStorage {
  getItem(): string | null {
    throw new DOMException('denied', 'SecurityError');
  }
  setItem(): void {
    throw new DOMException('full', 'QuotaExceededError');
  }
}

describe('parseAttribution', () => {
  it('reads the UTM tags and the Google Ads click id', () => {
    expect(
      parseAttribution('?utm_source=google&utm_medium=cpc&utm_campaign=sewer%20repair%20scottsdale&gclid=Cj0KCQ_abc'),
    ).toEqual({ utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'sewer repair scottsdale', gclid: 'Cj0KCQ_abc' });
  });

  it('fills absent parameters with empty strings', () => {
    expect(parseAttribution('gclid=xyz')).toEqual({ ...EMPTY_ATTRIBUTION, gclid: 'xyz' });
  });

  it('returns null when the URL has none of them', () => {
    expect(parseAttribution('')).toBeNull();
    expect(parseAttribution('?page=2&utm_content=banner')).toBeNull();
    expect(parseAttribution('?utm_source=%20%20')).toBeNull();
  });

  it('drops NUL characters from a crafted link, as the server does', () => {
    expect(parseAttribution('?utm_source=%00')).toBeNull();
    expect(parseAttribution('?utm_source=goo%00gle&gclid=%00abc')).toEqual({ ...EMPTY_ATTRIBUTION, utmSource: 'google', gclid: 'abc' });
  });

  it('never cuts a character in half at the cap, so the submission stays valid JSON text', () => {
    const a = parseAttribution(`?utm_campaign=${'x'.repeat(199)}%F0%9F%98%80%F0%9F%98%80`);
    expect(a?.utmCampaign).toBe(`${'x'.repeat(199)}😀`);
    // JSON.stringify writes a lone half as an escape (\ud83d): none is left.
    expect(JSON.stringify(a)).not.toMatch(/\\u[dD][89abAB]/);
  });

  it('trims values and caps them at 200 characters, as the server stores them', () => {
    const a = parseAttribution(`?utm_source=%20facebook%20&utm_campaign=${'x'.repeat(250)}`);
    expect(a?.utmSource).toBe('facebook');
    expect(a?.utmCampaign).toHaveLength(200);
  });
});

describe('captureAttribution', () => {
  it('keeps the landing URL attribution for later pages of the visit', () => {
    const storage = new MemoryStorage();
    expect(captureAttribution('?utm_source=google&gclid=abc', storage)).toEqual({
      ...EMPTY_ATTRIBUTION,
      utmSource: 'google',
      gclid: 'abc',
    });
    // A later page without a query still submits the landing attribution.
    expect(currentAttribution('', storage)).toEqual({ ...EMPTY_ATTRIBUTION, utmSource: 'google', gclid: 'abc' });
  });

  it('keeps the first attribution of the visit when a later URL has other tags', () => {
    const storage = new MemoryStorage();
    captureAttribution('?utm_source=google', storage);
    expect(captureAttribution('?utm_source=newsletter', storage)?.utmSource).toBe('google');
  });

  it('stores nothing when the landing URL has no attribution', () => {
    const storage = new MemoryStorage();
    expect(captureAttribution('?q=1', storage)).toBeNull();
    expect(storage.items.size).toBe(0);
    expect(currentAttribution('', storage)).toEqual(EMPTY_ATTRIBUTION);
  });

  it('ignores a damaged stored entry', () => {
    const storage = new MemoryStorage();
    storage.setItem(ATTRIBUTION_STORAGE_KEY, '{not json');
    expect(captureAttribution('?utm_medium=email', storage)?.utmMedium).toBe('email');
    storage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify({ utmSource: 42 }));
    expect(captureAttribution('?utm_medium=sms', storage)?.utmMedium).toBe('sms');
  });

  it('still reads the current URL when storage is unavailable', () => {
    expect(currentAttribution('?utm_source=bing', new BrokenStorage()).utmSource).toBe('bing');
    expect(currentAttribution('?utm_source=bing', null).utmSource).toBe('bing');
  });

  it('is safe outside a browser (prerendering)', () => {
    expect(currentAttribution()).toEqual(EMPTY_ATTRIBUTION);
  });
});
