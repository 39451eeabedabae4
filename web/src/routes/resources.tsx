import { resourcesCopy } from '@/content/resources-page';
import { ResourcesPage } from './resources-page';

/** The English resources page, /resources and /blog. */
export function ResourcesRoute() {
  return <ResourcesPage copy={resourcesCopy} />;
}
