// The hero's pipe-era panel (SPEC §2 item 1): when homes were built, which
// drain pipe that usually means, and what goes wrong with it.
import type { RiskLevel } from './risk';

export type PipeEra = {
  id: string;
  /** Build years as shown, e.g. "1960–1975" or "Any age". */
  years: string;
  pipeType: string;
  riskLevel: RiskLevel;
  /** One short sentence on what fails. */
  riskNote: string;
};

export const pipeEras: readonly PipeEra[] = [
  {
    id: 'cast-iron',
    years: '1960–1975',
    pipeType: 'Cast iron',
    riskLevel: 'high',
    riskNote: 'Corrodes from the inside out; Valley heat and hard water speed up scale, cracks and channel rot under the slab.',
  },
  {
    id: 'orangeburg',
    years: '1945–1972',
    pipeType: 'Orangeburg (tar paper)',
    riskLevel: 'critical',
    riskNote: 'Pressed wood fiber and coal tar that blisters, flattens and collapses; nearly all of it is past its 50-year life.',
  },
  {
    id: 'clay',
    years: 'Pre-1950s',
    pipeType: 'Vitrified clay',
    riskLevel: 'high',
    riskNote: 'Joints every few feet shift with the soil and crack, letting roots and sand into the line.',
  },
  {
    id: 'root-intrusion',
    years: 'Any age',
    pipeType: 'Root intrusion',
    riskLevel: 'medium',
    riskNote: 'Thirsty mesquite, palo verde, ficus and citrus roots find the smallest leaking joint, even in newer pipe.',
  },
];
