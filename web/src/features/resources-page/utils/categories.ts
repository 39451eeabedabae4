import '@/locales/resources/en';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ArticleCategory } from '@/content/resources';

/**
 * How an article's category reads on the page. The categories are stored
 * values (the posts' front matter, in English in both languages' data), so
 * their words are messages (issue 40: "Tecnología" on /es/ pages).
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
