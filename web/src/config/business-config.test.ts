import { describe, expect, it } from 'vitest';
import { formatOpeningHours, parseBusinessConfig } from './business-config';

const now = new Date('2026-06-01T12:00:00Z');

describe('parseBusinessConfig', () => {
  it('uses the team defaults when nothing is set', () => {
    expect(parseBusinessConfig({}, now)).toMatchObject({
      companyName: 'Valley Trenchless Pros',
      phone: '(602) 555-0142',
      phoneHref: 'tel:+16025550142',
      email: 'service@valleytrenchless.example',
      host: 'valleytrenchless.example',
      foundedYear: 2020,
    });
  });

  it('reads VITE_* overrides and treats blank values as unset', () => {
    const config = parseBusinessConfig(
      { VITE_PHONE: '480-555-0199', VITE_STAFF_DOMAIN: 'Example.COM', VITE_COMPANY_NAME: '  ' },
      now,
    );
    expect(config.phoneHref).toBe('tel:+14805550199');
    expect(config.host).toBe('example.com');
    expect(config.companyName).toBe('Valley Trenchless Pros');
  });

  it('rejects invalid values, naming every bad setting', () => {
    expect(() =>
      parseBusinessConfig(
        { VITE_PHONE: '555-0142', VITE_EMAIL: 'nobody', VITE_STAFF_DOMAIN: 'http://x', VITE_FOUNDED_YEAR: '2999' },
        now,
      ),
    ).toThrow(/VITE_PHONE[\s\S]*VITE_EMAIL[\s\S]*VITE_STAFF_DOMAIN[\s\S]*VITE_FOUNDED_YEAR/);
  });
});

describe('formatOpeningHours', () => {
  it("renders DESIGN §8's footer hours", () => {
    expect(parseBusinessConfig({}, now).hours.map((entry) => formatOpeningHours(entry))).toEqual([
      'Mon-Fri 7AM-6PM',
      'Sat 8AM-4PM',
      'Sun by appointment',
    ]);
  });
});
