// Business constants (SPEC §9, DESIGN §6 and §8) in one typed, validated
// object. This module is pure so that vite.config.ts can run the same
// validation at build time and fail the build instead of a visitor's page.

export type DayOfWeek =
  | 'Monday'
  | 'Tuesday'
  | 'Wednesday'
  | 'Thursday'
  | 'Friday'
  | 'Saturday'
  | 'Sunday';

/** One line of opening hours; `opens`/`closes` are 24-hour "HH:MM" or null for "by appointment". */
export type OpeningHours = {
  /** Short label shown to people, e.g. "Mon-Fri". */
  label: string;
  days: readonly DayOfWeek[];
  opens: string | null;
  closes: string | null;
};

export type BusinessConfig = {
  companyName: string;
  /** Display form, e.g. "(602) 555-0142". */
  phone: string;
  /** `tel:` link target in E.164, e.g. "tel:+16025550142". */
  phoneHref: string;
  email: string;
  /** Staff e-mail domain ({host} in SPEC), e.g. "valleytrenchless.example". */
  host: string;
  foundedYear: number;
  serviceArea: string;
  hours: readonly OpeningHours[];
};

/** DESIGN §8: the footer's hours are the single reading, JSON-LD included. */
export const OPENING_HOURS: readonly OpeningHours[] = [
  {
    label: 'Mon-Fri',
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '07:00',
    closes: '18:00',
  },
  { label: 'Sat', days: ['Saturday'], opens: '08:00', closes: '16:00' },
  { label: 'Sun', days: ['Sunday'], opens: null, closes: null },
];

export const BUSINESS_DEFAULTS = {
  VITE_COMPANY_NAME: 'Valley Trenchless Pros',
  VITE_PHONE: '(602) 555-0142',
  VITE_EMAIL: 'service@valleytrenchless.example',
  VITE_STAFF_DOMAIN: 'valleytrenchless.example',
  VITE_FOUNDED_YEAR: '2020',
} as const;

type BusinessEnvKey = keyof typeof BUSINESS_DEFAULTS;
export type BusinessEnv = Partial<Record<string, unknown>>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Reads the VITE_* business settings from `env`, applies defaults for unset
 * or blank values and validates them. Throws one Error listing every problem.
 */
export function parseBusinessConfig(env: BusinessEnv, now: Date = new Date()): BusinessConfig {
  const problems: string[] = [];
  const read = (key: BusinessEnvKey): string => {
    const raw = env[key];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      return BUSINESS_DEFAULTS[key];
    }
    if (typeof raw !== 'string') {
      problems.push(`${key}: expected a string`);
      return BUSINESS_DEFAULTS[key];
    }
    return raw.trim();
  };

  const companyName = read('VITE_COMPANY_NAME');
  if (companyName.length > 80) problems.push('VITE_COMPANY_NAME: at most 80 characters');

  const phone = read('VITE_PHONE');
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10 || /[^\d\s()+.-]/.test(phone)) {
    problems.push(`VITE_PHONE: "${phone}" is not a 10-digit US phone number`);
  }

  const email = read('VITE_EMAIL');
  if (!EMAIL_RE.test(email)) problems.push(`VITE_EMAIL: "${email}" is not an e-mail address`);

  const host = read('VITE_STAFF_DOMAIN').toLowerCase();
  if (!DOMAIN_RE.test(host)) problems.push(`VITE_STAFF_DOMAIN: "${host}" is not a domain name`);

  const yearText = read('VITE_FOUNDED_YEAR');
  const foundedYear = Number(yearText);
  if (!/^\d{4}$/.test(yearText) || foundedYear < 1900 || foundedYear > now.getFullYear()) {
    problems.push(`VITE_FOUNDED_YEAR: "${yearText}" is not a year between 1900 and ${now.getFullYear()}`);
  }

  if (problems.length > 0) {
    throw new Error(`Invalid business configuration:\n- ${problems.join('\n- ')}`);
  }

  return {
    companyName,
    phone,
    phoneHref: `tel:+1${digits}`,
    email,
    host,
    foundedYear,
    serviceArea: 'Greater Phoenix Valley',
    hours: OPENING_HOURS,
  };
}

/** "07:00" → "7AM", "18:30" → "6:30PM" (the footer's compact style). */
function formatClock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`}${suffix}`;
}

/** Spanish day abbreviations, as Phoenix-area Spanish reads them (issue 40). */
const DAY_ES: Readonly<Record<DayOfWeek, string>> = {
  Monday: 'lun',
  Tuesday: 'mar',
  Wednesday: 'mié',
  Thursday: 'jue',
  Friday: 'vie',
  Saturday: 'sáb',
  Sunday: 'dom',
};

/** "Mon-Fri 7AM-6PM", "Sun by appointment"; in Spanish "lun-vie 7AM-6PM", "dom con cita previa". */
export function formatOpeningHours(entry: OpeningHours, locale: 'en' | 'es' = 'en'): string {
  const first = entry.days[0];
  const last = entry.days[entry.days.length - 1];
  const label =
    locale === 'en' || !first || !last ? entry.label : first === last ? DAY_ES[first] : `${DAY_ES[first]}-${DAY_ES[last]}`;
  if (entry.opens === null || entry.closes === null) return `${label} ${locale === 'es' ? 'con cita previa' : 'by appointment'}`;
  return `${label} ${formatClock(entry.opens)}-${formatClock(entry.closes)}`;
}
