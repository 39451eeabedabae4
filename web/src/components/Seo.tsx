import { business } from '@/config/business';
import { absoluteUrl } from '@/config/site';
import { DocumentHead, NOINDEX } from './DocumentHead';

interface SeoProps {
  /** Page title; the company name is appended. */
  title: string;
  description: string;
  /** Site path of the page, for the canonical URL. */
  path: string;
  type?: 'website' | 'article';
  noindex?: boolean;
}

/** A page's title, description, canonical URL and Open Graph tags (DESIGN §6). */
export function Seo({ title, description, path, type = 'website', noindex = false }: SeoProps) {
  const full = `${title} | ${business.companyName}`;
  const url = absoluteUrl(path);
  return (
    <DocumentHead
      title={full}
      meta={[
        { name: 'description', content: description },
        { property: 'og:type', content: type },
        { property: 'og:title', content: full },
        { property: 'og:description', content: description },
        { property: 'og:url', content: url },
        { property: 'og:site_name', content: business.companyName },
        { name: 'twitter:card', content: 'summary' },
        ...(noindex ? NOINDEX : []),
      ]}
      links={[{ rel: 'canonical', href: url }]}
    />
  );
}
