import { PREFERS_SPANISH, prefersSpanish } from '../utils/lead-labels';

/**
 * "Prefers Spanish" on a lead from the Spanish site (its language's primary
 * subtag is es; issue 40), in the inbox and on the lead's page, so whoever
 * calls back does so in Spanish; nothing for any other lead. Its words say
 * it all; the hidden rest says where it comes from, as the office e-mail does.
 */
export function SpanishBadge({ language }: { language: string | undefined }) {
  if (!prefersSpanish(language)) return null;
  return (
    <span className="lead-badge lead-badge--spanish" title={`Submitted from the Spanish site (${language})`}>
      {PREFERS_SPANISH}
      <span className="visually-hidden"> (submitted from the Spanish site)</span>
    </span>
  );
}
