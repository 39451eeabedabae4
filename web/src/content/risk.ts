// The pipe-risk scale shared by the home table, city pages, resources cards
// and the risk map (DESIGN §8: one scale, one place). SPEC §4 colours: low
// green, medium yellow, high orange, critical red, anything else grey.

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;

export type RiskLevel = (typeof RISK_LEVELS)[number];

/** How each level is shown to people ("medium" reads as "Moderate"). */
export const RISK_LABELS = {
  low: 'Low',
  medium: 'Moderate',
  high: 'High',
  critical: 'Critical',
} as const satisfies Record<RiskLevel, string>;

/** A level as people read it: the risk map's scale (SPEC §3 "Risk map neighbourhood"). */
export type RiskLabel = (typeof RISK_LABELS)[RiskLevel];

/** What each level means for a homeowner (the risk legend's tooltips). */
export const RISK_DESCRIPTIONS: Readonly<Record<RiskLevel, string>> = {
  low: 'Newer PVC or ABS lines. Problems are rare; a camera check when you buy or remodel is enough.',
  medium: 'Mixed or aging materials. Watch for slow drains and have the line inspected every few years.',
  high: 'Cast iron or clay near or past its service life. Cracks, scale and roots are common; an inspection is recommended.',
  critical: 'Orangeburg or failing cast iron. Collapse and backups are likely; have the line inspected now.',
};

/** Badge colours: background and text, chosen for at least 4.5:1 contrast (WCAG AA). */
export type RiskBadgeColors = { background: string; text: string };

export const RISK_COLORS: Readonly<Record<RiskLevel, RiskBadgeColors>> = {
  low: { background: '#15803d', text: '#ffffff' },
  medium: { background: '#facc15', text: '#1b2631' },
  high: { background: '#c2410c', text: '#ffffff' },
  critical: { background: '#b91c1c', text: '#ffffff' },
};

/**
 * The risk map's marker, heat and legend-swatch colours (SPEC §4: Critical
 * red, High orange-red, Moderate yellow, Low light blue). They fill shapes,
 * never sit behind text; the map draws each with a dark outline so even the
 * light ones stand out from the map and the page (WCAG 1.4.11).
 */
export const RISK_MAP_COLORS: Readonly<Record<RiskLevel, string>> = {
  low: '#7dd3fc',
  medium: '#facc15',
  high: '#ff5722',
  critical: '#c62828',
};

/** The outline drawn around every map marker and legend swatch. */
export const RISK_MAP_OUTLINE = '#1b2631';

/** Grey for a value outside the scale (SPEC §4 "other"). */
export const UNKNOWN_RISK_COLORS: RiskBadgeColors = { background: '#4b5563', text: '#ffffff' };

export function isRiskLevel(value: unknown): value is RiskLevel {
  return typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value);
}

/** "medium" → "Moderate"; a value outside the scale → "Unknown". */
export function riskLabel(level: string): string {
  return isRiskLevel(level) ? RISK_LABELS[level] : 'Unknown';
}

/** Badge colours of a level; grey for anything outside the scale. */
export function riskColors(level: string): RiskBadgeColors {
  return isRiskLevel(level) ? RISK_COLORS[level] : UNKNOWN_RISK_COLORS;
}

/** Position on the scale, 0 (low) to 3 (critical), for sorting; -1 outside it. */
export function riskRank(level: string): number {
  return (RISK_LEVELS as readonly string[]).indexOf(level);
}
