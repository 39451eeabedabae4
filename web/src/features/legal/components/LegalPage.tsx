import '@/locales/resources/en';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Seo } from '@/components/Seo';
import { business } from '@/config/business';
import { Editable } from '@/features/editable-content';
import { useServiceArea } from '@/components/use-service-area';

/** A legal page: its head tags and the build-time wording of its three staff-editable items. */
export type LegalDocument = {
  /** The page's path segment and key prefix: legal.{name}.title, .updated and .body. */
  name: 'privacy' | 'terms';
  /** The heading's build-time wording, as seeded (its Spanish is the seed's contentEs). */
  title: string;
  /** The page's title and description in the head, in the page's language (issue 40). */
  seo: { title: MessageDescriptor; description: MessageDescriptor };
  /** The date after "Last updated", as seeded. */
  updated: string;
  /**
   * The body's HTML as seeded, written one block per line in its .html file.
   * The lines are joined: the staff editor writes blocks with nothing between
   * them, so an unchanged save then compares equal and sends nothing.
   */
  body: string;
};

/** The body's {NAME} placeholders, from the business settings. */
function useBodyParams() {
  return {
    company: business.companyName,
    area: useServiceArea(),
    phone: business.phone,
    // The number a tel: link dials, e.g. +16025550142.
    tel: business.phoneHref.replace(/^tel:/, ''),
    email: business.email,
  };
}

/**
 * /privacy and /terms (SPEC §2, linked from the footer), and their /es/
 * twins: heading, last-updated date and body, all staff-editable (their
 * Spanish is the seed's contentEs, filled in by the prerender and the edge);
 * the head tags and the "Last updated" label through Lingui.
 */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  const { i18n, t } = useLingui();
  const params = useBodyParams();
  const key = `legal.${doc.name}`;
  const body = doc.body
    .split('\n')
    .map((line) => line.trim())
    .join('');
  return (
    <article className="section" aria-labelledby={`legal-${doc.name}-heading`}>
      <Seo title={i18n._(doc.seo.title)} description={i18n._(doc.seo.description)} path={`/${doc.name}`} />
      <div className="container legal">
        <Editable contentKey={`${key}.title`} as="h1" id={`legal-${doc.name}-heading`}>
          {doc.title}
        </Editable>
        <p className="legal__updated">
          {t`Last updated`} <Editable contentKey={`${key}.updated`}>{doc.updated}</Editable>
        </p>
        <Editable contentKey={`${key}.body`} type="html" markup params={params} className="legal__body">
          {body}
        </Editable>
      </div>
    </article>
  );
}
