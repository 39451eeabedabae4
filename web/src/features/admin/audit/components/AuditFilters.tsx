import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { isListedKind, KIND_GROUPS, kindFilterLabel } from '../utils/audit-labels';
import {
  ACTOR_MAX,
  auditFilterErrors,
  auditQuerySearch,
  EMPTY_AUDIT_QUERY,
  hasFilters,
  type AuditFilterErrors,
  type AuditQuery,
} from '../utils/audit-query';

/**
 * The person, kind and day filters. Nothing is read until Filter is
 * pressed (the person is matched by the whole e-mail, so a half-typed one
 * would find nothing); then the filters go into the address, a new history
 * entry, so Back undoes them. `people` are the e-mails of the loaded
 * entries, offered as the person is typed.
 */
export function AuditFilters({ query, people }: { query: AuditQuery; people: readonly string[] }) {
  const navigate = useNavigate();
  const id = useId();
  const [draft, setDraft] = useState(query);
  const [errors, setErrors] = useState<AuditFilterErrors>({});
  // The address changed (Back, a link, Clear): the form shows it.
  const search = auditQuerySearch(query);
  useEffect(() => {
    setDraft(query);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is new each render; its address is what changes
  }, [search]);

  const set = (change: Partial<AuditQuery>) => setDraft((d) => ({ ...d, ...change }));
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = { ...draft, actor: draft.actor.trim() };
    const found = auditFilterErrors(next);
    setErrors(found);
    if (found.actor) document.getElementById(`${id}-actor`)?.focus();
    else if (found.to) document.getElementById(`${id}-to`)?.focus();
    else navigate({ pathname: '/admin/audit', search: auditQuerySearch(next) });
  };

  return (
    <form className="audit-filters" role="search" aria-label="Filter the audit log" onSubmit={onSubmit} noValidate>
      <div className="audit-filters__fields">
        <div className="staff-field">
          <label htmlFor={`${id}-actor`}>Person (e-mail)</label>
          <input
            id={`${id}-actor`}
            type="email"
            value={draft.actor}
            maxLength={ACTOR_MAX}
            autoComplete="off"
            list={`${id}-people`}
            aria-invalid={errors.actor ? true : undefined}
            aria-describedby={describedBy(`${id}-actor-hint`, errors.actor && `${id}-actor-error`)}
            onChange={(e) => set({ actor: e.target.value })}
          />
          <datalist id={`${id}-people`}>
            {people.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
          <p id={`${id}-actor-hint`} className="staff-field__hint">
            Their whole e-mail address. Empty for everyone.
          </p>
          <FieldError id={`${id}-actor-error`} message={errors.actor} announce />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-kind`}>What they did</label>
          <select id={`${id}-kind`} value={draft.kind} onChange={(e) => set({ kind: e.target.value })}>
            <option value="">Anything</option>
            {draft.kind && !isListedKind(draft.kind) && <option value={draft.kind}>{kindFilterLabel(draft.kind)}</option>}
            {KIND_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.all && <option value={group.family}>{group.all}</option>}
                {group.kinds.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.action}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-from`}>First day</label>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-to`}>Last day (included)</label>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={describedBy(errors.to && `${id}-to-error`)}
            onChange={(e) => set({ to: e.target.value })}
          />
          <FieldError id={`${id}-to-error`} message={errors.to} announce />
        </div>
      </div>
      <div className="audit-filters__actions">
        <button type="submit" className="button button--primary">
          Filter
        </button>
        {hasFilters(query) && (
          <Link to={{ pathname: '/admin/audit', search: auditQuerySearch(EMPTY_AUDIT_QUERY) }}>Clear filters</Link>
        )}
      </div>
    </form>
  );
}
