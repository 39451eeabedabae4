import { describe, expect, it } from 'vitest';
import {
  RISK_COLORS,
  RISK_LABELS,
  RISK_LEVELS,
  RISK_MAP_COLORS,
  RISK_MAP_OUTLINE,
  UNKNOWN_RISK_COLORS,
  isRiskLevel,
  riskColors,
  riskLabel,
  riskRank,
} from './risk';

function channel(hex: string, i: number): number {
  const v = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
}

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Hue in degrees and saturation 0–1 of a #rrggbb colour. */
function hueSat(hex: string): { hue: number; sat: number } {
  const [r, g, b] = [0, 1, 2].map((i) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const l = (max + min) / 2;
  const sat = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let hue = 0;
  if (d !== 0) {
    if (max === r) hue = 60 * (((g - b) / d) % 6);
    else if (max === g) hue = 60 * ((b - r) / d + 2);
    else hue = 60 * ((r - g) / d + 4);
  }
  return { hue: (hue + 360) % 360, sat };
}

describe('risk scale', () => {
  it('has four levels shown as Low / Moderate / High / Critical (DESIGN §8)', () => {
    expect(RISK_LEVELS).toEqual(['low', 'medium', 'high', 'critical']);
    expect(RISK_LEVELS.map(riskLabel)).toEqual(['Low', 'Moderate', 'High', 'Critical']);
    expect(RISK_LABELS.medium).toBe('Moderate');
  });

  it('labels anything outside the scale as Unknown and colours it grey', () => {
    expect(riskLabel('severe')).toBe('Unknown');
    expect(riskLabel('Critical')).toBe('Unknown');
    expect(riskColors('severe')).toEqual(UNKNOWN_RISK_COLORS);
    expect(hueSat(UNKNOWN_RISK_COLORS.background).sat).toBeLessThan(0.15);
    expect(isRiskLevel('medium')).toBe(true);
    expect(isRiskLevel('moderate')).toBe(false);
    expect(isRiskLevel(undefined)).toBe(false);
  });

  it('uses SPEC §4 hues: low green, medium yellow, high orange, critical red', () => {
    const hue = (level: string) => hueSat(riskColors(level).background).hue;
    expect(hue('low')).toBeGreaterThanOrEqual(90);
    expect(hue('low')).toBeLessThanOrEqual(160);
    expect(hue('medium')).toBeGreaterThanOrEqual(42);
    expect(hue('medium')).toBeLessThanOrEqual(62);
    expect(hue('high')).toBeGreaterThanOrEqual(15);
    expect(hue('high')).toBeLessThan(40);
    const critical = hue('critical');
    expect(critical < 10 || critical > 345).toBe(true);
    for (const level of RISK_LEVELS) expect(hueSat(RISK_COLORS[level].background).sat).toBeGreaterThan(0.5);
  });

  it('gives every badge at least 4.5:1 text contrast (WCAG AA)', () => {
    for (const c of [...Object.values(RISK_COLORS), UNKNOWN_RISK_COLORS]) {
      expect(contrast(c.background, c.text), `${c.text} on ${c.background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('colours the map as SPEC §4 says: Critical red, High orange-red, Moderate yellow, Low light blue', () => {
    const hue = (level: keyof typeof RISK_MAP_COLORS) => hueSat(RISK_MAP_COLORS[level]).hue;
    const critical = hue('critical');
    expect(critical < 8 || critical > 350).toBe(true);
    expect(hue('high')).toBeGreaterThanOrEqual(8);
    expect(hue('high')).toBeLessThanOrEqual(22);
    expect(hue('medium')).toBeGreaterThanOrEqual(42);
    expect(hue('medium')).toBeLessThanOrEqual(62);
    expect(hue('low')).toBeGreaterThanOrEqual(185);
    expect(hue('low')).toBeLessThanOrEqual(215);
    expect(luminance(RISK_MAP_COLORS.low)).toBeGreaterThan(0.45);
    for (const level of RISK_LEVELS) expect(hueSat(RISK_MAP_COLORS[level]).sat).toBeGreaterThan(0.5);
  });

  it('outlines map markers and swatches with at least 3:1 contrast against each fill and the page (WCAG 1.4.11)', () => {
    expect(contrast(RISK_MAP_OUTLINE, '#ffffff')).toBeGreaterThanOrEqual(3);
    // The outline must stand out against the light fills; the dark fills stand out against the page.
    for (const level of RISK_LEVELS) {
      const fill = RISK_MAP_COLORS[level];
      expect(Math.max(contrast(RISK_MAP_OUTLINE, fill), contrast(fill, '#ffffff')), level).toBeGreaterThanOrEqual(3);
    }
  });

  it('ranks levels from low to critical', () => {
    expect(['critical', 'low', 'high', 'medium'].sort((a, b) => riskRank(a) - riskRank(b))).toEqual([
      'low',
      'medium',
      'high',
      'critical',
    ]);
    expect(riskRank('other')).toBe(-1);
  });
});
