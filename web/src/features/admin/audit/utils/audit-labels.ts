// How the Audit tab words the log: each kind as an action in words, the
// kinds grouped by family for the filter, an entry's result, where it came
// from (a shortened user agent) and its changed fields as before → after.

/** A kind ("lead.update") and what it says someone did. */
type KindInfo = { kind: string; action: string };

/**
 * A family of kinds in the filter. `family` is the server's prefix filter
 * ("lead.") where one prefix holds exactly the group's kinds; the Sign-in
 * group's kinds share none, so it offers them one by one.
 */
export type KindGroup = { label: string; family: string; all: string; kinds: readonly KindInfo[] };

/** Every kind the gateway logs (audit.proto, AuditEntry.kind), by family. */
export const KIND_GROUPS: readonly KindGroup[] = [
  {
    label: 'Sign-in',
    family: '',
    all: '',
    kinds: [
      { kind: 'sign-in', action: 'Signed in' },
      { kind: 'sign-in.failed', action: 'Sign-in refused' },
      { kind: 'sign-out', action: 'Signed out' },
      { kind: 'password.reset-requested', action: 'Asked for a password reset link' },
      { kind: 'password.reset', action: 'Set a new password through a reset link' },
      { kind: 'policy.update', action: 'Changed the sign-in policy' },
    ],
  },
  {
    label: 'Posts',
    family: 'post.',
    all: 'Any change to posts',
    kinds: [
      { kind: 'post.create', action: 'Created a post' },
      { kind: 'post.update', action: 'Changed a post' },
      { kind: 'post.delete', action: 'Deleted a post' },
      { kind: 'post.restore', action: 'Restored a post' },
    ],
  },
  {
    label: 'Site text',
    family: 'text.',
    all: 'Any change to site text',
    kinds: [
      { kind: 'text.create', action: 'Added a site text' },
      { kind: 'text.update', action: 'Changed a site text' },
      { kind: 'text.delete', action: 'Deleted a site text' },
    ],
  },
  {
    label: 'Images',
    family: 'image.',
    all: 'Any change to images',
    kinds: [
      { kind: 'image.upload', action: 'Uploaded an image' },
      { kind: 'image.update', action: 'Changed an image' },
      { kind: 'image.delete', action: 'Deleted an image' },
    ],
  },
  {
    label: 'Leads',
    family: 'lead.',
    all: 'Anything done to leads',
    kinds: [
      { kind: 'lead.update', action: 'Changed a lead' },
      { kind: 'lead.bulk-update', action: 'Changed several leads' },
      { kind: 'lead.note', action: 'Added a note to a lead' },
      { kind: 'lead.export', action: 'Exported the leads' },
      { kind: 'lead.erase', action: 'Erased a person’s data' },
    ],
  },
  {
    label: 'Integrations',
    family: 'webhook.',
    all: 'Anything done to webhooks',
    kinds: [
      { kind: 'webhook.create', action: 'Added a webhook' },
      { kind: 'webhook.update', action: 'Changed a webhook' },
      { kind: 'webhook.delete', action: 'Deleted a webhook' },
      { kind: 'webhook.rotate', action: 'Rotated a webhook’s secret' },
      { kind: 'webhook.test', action: 'Sent a webhook test' },
      { kind: 'webhook.resend', action: 'Resent webhook deliveries' },
    ],
  },
  {
    label: 'Staff',
    family: 'staff.',
    all: 'Any change to staff',
    kinds: [
      { kind: 'staff.invite', action: 'Invited someone' },
      { kind: 'staff.update', action: 'Changed a staff account' },
      { kind: 'staff.invite-link', action: 'Made a new set-password link' },
    ],
  },
  {
    label: 'Account',
    family: 'account.',
    all: 'Any change to one’s own account',
    kinds: [
      { kind: 'account.password', action: 'Changed their password' },
      { kind: 'account.passkey-add', action: 'Added a passkey' },
      { kind: 'account.passkey-rename', action: 'Renamed a passkey' },
      { kind: 'account.passkey-remove', action: 'Removed a passkey' },
      { kind: 'account.session-end', action: 'Signed out one of their sessions' },
      { kind: 'account.sessions-end-others', action: 'Signed out everywhere else' },
      { kind: 'account.confirm', action: 'Confirmed it was them (password typed again)' },
    ],
  },
  {
    label: 'Audit log',
    family: 'audit.',
    all: '',
    kinds: [{ kind: 'audit.export', action: 'Exported the audit log' }],
  },
];

const ACTIONS = new Map(KIND_GROUPS.flatMap((g) => g.kinds.map((k) => [k.kind, k.action] as const)));
const FAMILIES = new Map(KIND_GROUPS.filter((g) => g.all).map((g) => [g.family, g.all] as const));

/** What an entry says someone did ("Changed a lead"); a kind this app does not know yet, as logged. */
export function actionLabel(kind: string): string {
  return ACTIONS.get(kind) ?? kind;
}

/** The filter's words for a kind or a family ("lead."), or the value itself when unknown. */
export function kindFilterLabel(value: string): string {
  return FAMILIES.get(value) ?? ACTIONS.get(value) ?? value;
}

/** Whether the filter offers `value` among its groups (a hand-edited address may hold another). */
export function isListedKind(value: string): boolean {
  return ACTIONS.has(value) || FAMILIES.has(value);
}

export type AuditResult = { ok: boolean; text: string };

/** The result of an action by its HTTP status: done (2xx), refused (4xx) or failed. */
export function resultOf(status: number): AuditResult {
  if (status >= 200 && status < 300) return { ok: true, text: 'Done' };
  if (status >= 400 && status < 500) return { ok: false, text: `Refused (${status})` };
  if (status > 0) return { ok: false, text: `Failed (${status})` };
  return { ok: false, text: 'Unknown' };
}

/** Browsers by their user-agent token, most specific first (Edge and Opera also say Chrome; Chrome says Safari). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bChrome\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The longest a user agent is shown when it is not a browser this knows. */
const OTHER_AGENT_MAX = 40;

/**
 * A user agent for people: "Chrome 131 on macOS", "Safari 18 on iPhone";
 * anything else (curl, a script) as its first word, shortened; '' for none.
 */
export function shortUserAgent(ua: string): string {
  const agent = ua.trim();
  if (!agent) return '';
  const system = SYSTEMS.find(([re]) => re.test(agent))?.[1];
  for (const [re, name] of BROWSERS) {
    const version = re.exec(agent)?.[1];
    if (version) return system ? `${name} ${version} on ${system}` : `${name} ${version}`;
  }
  const first = agent.split(/\s+/)[0] ?? agent;
  return first.length > OTHER_AGENT_MAX ? `${first.slice(0, OTHER_AGENT_MAX - 1)}…` : first;
}

/** One changed field: its name for people and its values as text ('' where there is none: created or deleted). */
export type ChangeRow = { field: string; name: string; before: string; after: string; hasBefore: boolean; hasAfter: boolean };

/** "assigneeEmail" or "seo_title" → "Assignee email", "Seo title". */
export function fieldName(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : field;
}

/** A logged value as text: strings as they are, nothing as '', anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An entry's changes ({"field": {"before": …, "after": …}}; a created thing
 * has only "after", a deleted one only "before") as rows in the server's
 * order. A field logged in another shape is shown as its value after.
 */
export function changeRows(changes: unknown): ChangeRow[] {
  if (!isRecord(changes)) return [];
  return Object.entries(changes).map(([field, change]) => {
    const pair = isRecord(change) && ('before' in change || 'after' in change) ? change : { after: change };
    const hasBefore = 'before' in pair && pair.before !== null && pair.before !== undefined;
    const hasAfter = 'after' in pair && pair.after !== null && pair.after !== undefined;
    return { field, name: fieldName(field), before: valueText(pair.before), after: valueText(pair.after), hasBefore, hasAfter };
  });
}
