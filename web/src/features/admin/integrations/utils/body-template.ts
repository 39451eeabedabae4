// A body template is JSON in the receiver's shape whose strings name the
// event's values in double braces ({{lead.firstName}}); the server checks
// it again when saved (services/contact/internal/webhook/template.go) and
// names a field a lead does not have. Here: what can be told while typing.

/** The longest template the server takes (webhook.MaxTemplate). */
export const TEMPLATE_MAX_LENGTH = 20_000;

/** The names a placeholder may start with. */
const ROOTS = ['lead', 'data', 'type', 'timestamp', 'id'];

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/** The names the template's placeholders use, each once, in order: ["lead.firstName", "type"]. */
export function templateNames(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * What is wrong with a template, as the server would say it, or null when
 * nothing is (an empty one sends the standard event). Lead field names are
 * left to the server, which knows them.
 */
export function templateProblem(template: string): string | null {
  if (template.trim() === '') return null;
  if (template.length > TEMPLATE_MAX_LENGTH) return `The body template is longer than ${TEMPLATE_MAX_LENGTH.toLocaleString('en-US')} characters.`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(template);
  } catch (err) {
    return `The body template is not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (typeof parsed !== 'object' || parsed === null) return 'The body template must be a JSON object or array.';
  const bad = templateNames(template).find((name) => !ROOTS.includes(name.split('.')[0] ?? ''));
  if (bad) return `The body template names {{${bad}}}: a name starts with lead, data, type, timestamp or id.`;
  return null;
}

/** The hint under the field: what the template sends, given what it holds. */
export function templateHint(template: string): string {
  if (template.trim() === '') return 'Empty: each delivery sends the standard event ({"type", "timestamp", "data"}).';
  const names = templateNames(template);
  if (names.length === 0) return 'Sent as written: it names none of the lead’s fields.';
  const shown = names.slice(0, 6).map((n) => `{{${n}}}`).join(', ');
  return `Fills in ${shown}${names.length > 6 ? ` and ${names.length - 6} more` : ''}.`;
}
