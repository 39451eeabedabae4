import { describe, expect, it } from 'vitest';
import { getCity } from './cities';
import { neighborhoods } from './neighborhoods';
import { RISK_LABELS, RISK_LEVELS, riskRank } from './risk';
import { riskMapNeighborhoods, VALLEY_BOUNDS } from './risk-map';

/** The city-page entry a map place is, or whose named sub-area it is. */
function cityEntry(name: string) {
  const whole = neighborhoods.find((n) => n.name === name);
  if (whole) return { entry: whole, sub: undefined };
  const parent = neighborhoods.find((n) => n.subNeighborhoods?.some((s) => s.name === name));
  return { entry: parent, sub: parent?.subNeighborhoods?.find((s) => s.name === name) };
}

describe('risk map neighbourhoods (content/risk-map.ts)', () => {
  it('has 21, each named once', () => {
    expect(riskMapNeighborhoods).toHaveLength(21);
    expect(new Set(riskMapNeighborhoods.map((n) => n.name)).size).toBe(21);
    expect(new Set(riskMapNeighborhoods.map((n) => n.id)).size).toBe(21);
  });

  it('places every one inside the Phoenix Valley', () => {
    for (const n of riskMapNeighborhoods) {
      expect(n.lat, n.name).toBeGreaterThan(VALLEY_BOUNDS.south);
      expect(n.lat, n.name).toBeLessThan(VALLEY_BOUNDS.north);
      expect(n.lng, n.name).toBeGreaterThan(VALLEY_BOUNDS.west);
      expect(n.lng, n.name).toBeLessThan(VALLEY_BOUNDS.east);
    }
  });

  it('rates each place as its city page does (DESIGN §8: one rating per place)', () => {
    for (const n of riskMapNeighborhoods) {
      const { entry, sub } = cityEntry(n.name);
      expect(entry, `${n.name} is on no city page`).toBeDefined();
      expect(n.riskLevel, n.name).toBe(entry!.riskLevel);
      expect(n.risk, n.name).toBe(RISK_LABELS[entry!.riskLevel]);
      expect(n.city, n.name).toBe(entry!.city);
      if (sub) {
        expect(n.details).toBe(sub.details);
      } else {
        expect([n.era, n.pipes, n.details], n.name).toEqual([entry!.era, entry!.pipeType, entry!.description]);
      }
    }
  });

  it('lies near its own city (a wrong coordinate would land elsewhere in the Valley)', () => {
    // City centres (downtowns) and how far, in degrees, a neighbourhood of each reaches.
    const centres: Record<string, [number, number, number]> = {
      phoenix: [33.4484, -112.074, 0.25],
      scottsdale: [33.4942, -111.9261, 0.1],
      tempe: [33.4255, -111.94, 0.06],
      mesa: [33.4152, -111.8315, 0.08],
      chandler: [33.3062, -111.8413, 0.08],
      gilbert: [33.3528, -111.789, 0.06],
      glendale: [33.5387, -112.186, 0.05],
      peoria: [33.5806, -112.2374, 0.05],
    };
    for (const n of riskMapNeighborhoods) {
      const [lat, lng, reach] = centres[n.city]!;
      expect(Math.hypot(n.lat - lat, n.lng - lng), `${n.name}, ${getCity(n.city).name}`).toBeLessThan(reach);
    }
  });

  it('weights the heat layer by rating: every place glows stronger than any place rated lower', () => {
    for (const n of riskMapNeighborhoods) {
      expect(n.intensity).toBeGreaterThan(0);
      expect(n.intensity).toBeLessThanOrEqual(1);
    }
    for (const a of riskMapNeighborhoods) {
      for (const b of riskMapNeighborhoods) {
        if (riskRank(a.riskLevel) > riskRank(b.riskLevel)) expect(a.intensity, `${a.name} vs ${b.name}`).toBeGreaterThan(b.intensity);
      }
    }
  });

  it('shows every level of the legend, listed from the highest rating down', () => {
    expect(new Set(riskMapNeighborhoods.map((n) => n.riskLevel))).toEqual(new Set(RISK_LEVELS));
    const ranks = riskMapNeighborhoods.map((n) => riskRank(n.riskLevel));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });
});
