import { Seo } from '@/components/Seo';
import { business } from '@/config/business';
import { Editable } from '@/features/editable-content';

/** A legal page: its head tags and the build-time wording of its three staff-editable items. */
export type LegalDocument = {
  /** The page's path segment and key prefix: legal.{name}.title, .updated and .body. */
  name: 'privacy' | 'terms';
  title: string;
  description: string;
  /** The date after "Last updated", as seeded. */
  updated: string;
  /**
   * The body's HTML as seeded, written one block per line in its .html file.
   * The lines are joined: the staff editor writes blocks with nothing between
   * them, so an unchanged save then compares equal and sends nothing.
   */
  body: string;
};

// The body's {NAME} placeholders, from the business settings.
const PARAMS = {
  company: business.companyName,
  area: business.serviceArea,
  phone: business.phone,
  // The number a tel: link dials, e.g. +16025550142.
  tel: business.phoneHref.replace(/^tel:/, ''),
  email: business.email,
};

/** /privacy and /terms (SPEC §2, linked from the footer): heading, last-updated date and body, all staff-editable. */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  const key = `legal.${doc.name}`;
  const body = doc.body
    .split('\n')
    .map((line) => line.trim())
    .join('');
  return (
    <article className="section" aria-labelledby={`legal-${doc.name}-heading`}>
      <Seo title={doc.title} description={doc.description} path={`/${doc.name}`} />
      <div className="container legal">
        <Editable contentKey={`${key}.title`} as="h1" id={`legal-${doc.name}-heading`}>
          {doc.title}
        </Editable>
        <p className="legal__updated">
          Last updated <Editable contentKey={`${key}.updated`}>{doc.updated}</Editable>
        </p>
        <Editable contentKey={`${key}.body`} type="html" markup params={PARAMS} className="legal__body">
          {body}
        </Editable>
      </div>
    </article>
  );
}
