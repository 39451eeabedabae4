// Issue 28 "nothing typed is lost", for every staff form: a copy of the
// form in this browser's localStorage, written at every change, so a
// reload, a closed tab or a crash never takes what was typed with it. One
// copy per form and record (or "new"), with when it was typed and the
// stored version it was based on; offered back when the form opens again.
//
// The forms say what their values look like (a parser, see `fieldsParser`);
// this module only keeps, reads and drops copies, and never throws: a
// browser without storage (private modes, storage switched off, tests)
// simply keeps no copy.

/** A form's copy in this browser. */
export type LocalCopy<T> = {
  values: T;
  /** When it was typed (RFC 3339). */
  savedAt: string;
  /** The stored version the form was based on; null for a record not yet stored. */
  baseVersion: string | null;
};

/** Turns what was stored into a form's values, or null when it is not one (only the form's own fields are kept). */
export type ParseValues<T> = (values: unknown) => T | null;

const PREFIX = 'trenchless.';

/**
 * The storage key of a form's copy: `trenchless.{form}.{id}`, with "new"
 * for a record not yet stored (for example `trenchless.post-form.new`).
 */
export function copyKey(form: string, id: string | undefined): string {
  return `${PREFIX}${form}.${id ?? 'new'}`;
}

/** The browser's localStorage, or null where there is none. */
function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The copy kept under `key`, or null (none, or not one a form wrote). */
export function readCopy<T>(key: string, parse: ParseValues<T>, storage: Storage | null = defaultStorage()): LocalCopy<T> | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<LocalCopy<unknown>> | null;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.savedAt !== 'string') return null;
    const values = parse(parsed.values);
    if (values === null) return null;
    const baseVersion = typeof parsed.baseVersion === 'string' ? parsed.baseVersion : null;
    return { values, savedAt: parsed.savedAt, baseVersion };
  } catch {
    return null;
  }
}

/**
 * Keeps a form's values under `key`, stamped now (or at `savedAt`). A full
 * or refusing storage is not the person's problem: the form still has it all.
 */
export function writeCopy<T>(
  key: string,
  values: T,
  baseVersion: string | null,
  storage: Storage | null = defaultStorage(),
  savedAt: string = new Date().toISOString(),
): void {
  try {
    storage?.setItem(key, JSON.stringify({ values, savedAt, baseVersion } satisfies LocalCopy<T>));
  } catch {
    // Quota exceeded or storage refused: nothing to do.
  }
}

/** Removes the copy under `key` (saved, deleted, discarded, or typed back to what is stored). */
export function dropCopy(key: string, storage: Storage | null = defaultStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // As above.
  }
}

/** Whether two forms hold the same values, field by field. */
export function sameValues<T>(a: T, b: T, fields: readonly (keyof T)[]): boolean {
  return fields.every((f) => a[f] === b[f]);
}

/**
 * The copy to offer back when a form opens: one whose values differ from
 * what the form shows (the stored record, or an empty form). A copy equal
 * to it holds nothing unsaved, so it is not worth a question.
 */
export function copyToOffer<T>(copy: LocalCopy<T> | null, shown: T, fields: readonly (keyof T)[]): LocalCopy<T> | null {
  return copy && !sameValues(copy.values, shown, fields) ? copy : null;
}

/**
 * The first field (in page order) whose restored value differs from what
 * the form showed: where the focus goes after "Restore them".
 */
export function firstChanged<T, K extends keyof T>(restored: T, shown: T, fields: readonly K[]): K | undefined {
  return fields.find((f) => restored[f] !== shown[f]) ?? fields[0];
}

/**
 * What a field holds: a string, a boolean, one of a few strings, or a
 * string newer than some copies ("later": a copy typed before the form had
 * the field is still offered, with it empty).
 */
export type FieldKind = 'string' | 'boolean' | 'later' | readonly string[];

/**
 * A parser for a form of string and boolean fields: every field must be
 * there with its kind, and nothing else is kept.
 */
export function fieldsParser<T>(kinds: { readonly [K in keyof T]-?: FieldKind }): ParseValues<T> {
  const fields = Object.keys(kinds) as (keyof T & string)[];
  return (values) => {
    if (typeof values !== 'object' || values === null) return null;
    const r = values as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const kind: FieldKind = kinds[f];
      const v = r[f];
      if (kind === 'boolean') {
        if (typeof v !== 'boolean') return null;
        out[f] = v;
      } else if (kind === 'later') {
        if (v === undefined) out[f] = '';
        else if (typeof v === 'string') out[f] = v;
        else return null;
      } else if (kind === 'string') {
        if (typeof v !== 'string') return null;
        out[f] = v;
      } else {
        if (typeof v !== 'string' || !kind.includes(v)) return null;
        out[f] = v;
      }
    }
    return out as T;
  };
}
