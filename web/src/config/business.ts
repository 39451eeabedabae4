import { parseBusinessConfig, type BusinessConfig } from './business-config';

export type { BusinessConfig, OpeningHours } from './business-config';
export { formatOpeningHours } from './business-config';

/**
 * The business settings for this build ({phone}, {email}, {host} in SPEC).
 * Evaluated when the app starts; an invalid value throws before anything renders.
 */
export const business: BusinessConfig = parseBusinessConfig(import.meta.env);
