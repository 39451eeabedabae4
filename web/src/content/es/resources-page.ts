// The resources page's data in Spanish, for /es/resources (issue 40);
// content/resources-page.ts has the English and the type.
import type { ResourcesCopy } from '../resources-page';
import { cities } from './cities';
import { resourceArticles, resourceFaqs } from './resources';

export const resourcesCopy: ResourcesCopy = { articles: resourceArticles, faqs: resourceFaqs, cities };
