// Reading the server's error answers (`{message, code, details}`) for
// people: the message to show and the per-field problems. Kept apart from
// the API client so only code that shows such errors (forms, the admin)
// loads it, not every page.
import { ApiError, errorMessage } from './api-client';

/** One per-field problem from a 400 answer (`details`), e.g. {field: 'firstName', …}. */
export type FieldViolation = { field: string; message: string; rule?: string };

function errorBody(err: unknown): Record<string, unknown> | null {
  if (!(err instanceof ApiError)) return null;
  try {
    const parsed: unknown = JSON.parse(err.bodyText);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The server's message for a failed call, or null when the failure has none
 * written for people (network error, a proxy's HTML error page); the caller
 * then shows its own fallback text (SPEC §8's 'Failed to …' messages).
 */
export function serverMessage(err: unknown): string | null {
  const body = errorBody(err);
  return body && typeof body.message === 'string' && body.message !== '' ? errorMessage(err) : null;
}

/** The per-field problems of a 400 answer; empty for anything else. */
export function fieldViolations(err: unknown): FieldViolation[] {
  const details = errorBody(err)?.details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown): FieldViolation[] => {
    if (typeof d !== 'object' || d === null) return [];
    const { field, message, rule } = d as Record<string, unknown>;
    if (typeof field !== 'string' || typeof message !== 'string' || field === '' || message === '') return [];
    return [typeof rule === 'string' ? { field, message, rule } : { field, message }];
  });
}

/** Who saved the newer version a write was refused for (a 409 with reason STALE_VERSION). */
export type StaleVersion = {
  /** The version stored now; send it as baseVersion to overwrite deliberately. */
  version: string;
  /** The e-mail of whoever saved it ('' when nobody is recorded). */
  updatedBy: string;
  /** When they saved it (RFC 3339). */
  updatedAt: string;
};

/**
 * The newer version that refused a write: the 409 answer's metadata when
 * its reason is STALE_VERSION (issue 28's edit conflicts), else null.
 */
export function staleVersion(err: unknown): StaleVersion | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const body = errorBody(err);
  if (body?.reason !== 'STALE_VERSION' || typeof body.metadata !== 'object' || body.metadata === null) return null;
  const { version, updatedBy, updatedAt } = body.metadata as Record<string, unknown>;
  if (typeof version !== 'string' || version === '') return null;
  return {
    version,
    updatedBy: typeof updatedBy === 'string' ? updatedBy : '',
    updatedAt: typeof updatedAt === 'string' ? updatedAt : '',
  };
}

/** What a refused form is told: the field a problem is about (null: the form as a whole) and the server's words. */
export type FormProblem<F extends string> = { field: F | null; message: string };

/**
 * A refused form's problem: the first per-field problem (`details`) about a
 * field the form shows (`fields` maps the request's field names to the
 * form's), else the server's message for the form as a whole; null when
 * the server sent no words of its own (the caller says why in its own).
 */
export function formProblem<F extends string>(err: unknown, fields: Readonly<Record<string, F>>): FormProblem<F> | null {
  for (const v of fieldViolations(err)) {
    if (Object.hasOwn(fields, v.field)) return { field: fields[v.field] ?? null, message: v.message };
  }
  const message = serverMessage(err);
  return message ? { field: null, message } : null;
}
