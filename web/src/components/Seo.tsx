import { business } from '@/config/business';
import { absoluteUrl } from '@/config/site';

interface SeoProps {
  /** Page title; the company name is appended. */
  title: string;
  description: string;
  /** Site path of the page, for the canonical URL. */
  path: string;
  type?: 'website' | 'article';
  noindex?: boolean;
}

/**
 * A page's head tags. React 19 hoists them into <head> in the browser; the
 * prerender step moves them there in the static HTML.
 */
export function Seo({ title, description, path, type = 'website', noindex = false }: SeoProps) {
  const full = `${title} | ${business.companyName}`;
  const url = absoluteUrl(path);
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:site_name" content={business.companyName} />
      <meta name="twitter:card" content="summary" />
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
