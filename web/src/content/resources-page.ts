// The resources page's data in English (issue 40: each language's route
// hands its own copy to the page, content/es/resources-page.ts the Spanish).
import { cities, type City } from './cities';
import { resourceArticles, resourceFaqs, type ResourceArticle, type ResourceFaq } from './resources';

export type ResourcesCopy = {
  articles: readonly ResourceArticle[];
  faqs: readonly ResourceFaq[];
  cities: readonly City[];
};

export const resourcesCopy: ResourcesCopy = { articles: resourceArticles, faqs: resourceFaqs, cities };
