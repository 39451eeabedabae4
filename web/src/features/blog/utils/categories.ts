import '@/locales/resources/en';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ArticleCategory } from '@/content/resources';
import { isTemplateToken } from './article-template';

/**
 * How an article's category reads on the page. The categories are stored
 * values (the posts' front matter, in English in both languages' data), so
 * their words are messages (issue 40: "Tecnología" on /es/ pages). The
 * gateway writes the same Spanish names into a served Spanish article
 * (sitepage.SpanishCategories; a Go test reads them from es.po).
 */
export const CATEGORY_NAMES: Readonly<Record<ArticleCategory, MessageDescriptor>> = {
  Technology: msg({ message: 'Technology', context: 'article category' }),
  Maintenance: msg({ message: 'Maintenance', context: 'article category' }),
  'Cost Guide': msg({ message: 'Cost Guide', context: 'article category' }),
  'Pipe Types': msg({ message: 'Pipe Types', context: 'article category' }),
  Prevention: msg({ message: 'Prevention', context: 'article category' }),
  Seasonal: msg({ message: 'Seasonal', context: 'article category' }),
  'Legal & Safety': msg({ message: 'Legal & Safety', context: 'article category' }),
};

/** A stored category as the page's language names it; one without a name (or a template token) reads as stored. */
export function categoryName(i18n: I18n, category: string): string {
  if (isTemplateToken(category) || !Object.hasOwn(CATEGORY_NAMES, category)) return category;
  return i18n._(CATEGORY_NAMES[category as ArticleCategory]);
}
