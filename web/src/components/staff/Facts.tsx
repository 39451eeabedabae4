import type { ReactNode } from 'react';

/**
 * What a card says about its thing, as labelled facts (a <dl>) in as many
 * columns as fit: one on a phone. A fact's own extra line goes in a
 * `.staff-fact__more` span.
 */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="staff-facts">{children}</dl>;
}

/** One fact: its label and its value; `wide` takes the whole row (a URL). */
export function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'staff-fact staff-fact--wide' : 'staff-fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
