import { resourcesCopy } from '@/content/es/resources-page';
import { ResourcesPage } from '../resources-page';

/** The Spanish resources page, /es/resources and /es/blog (issue 40). */
export function ResourcesRoute() {
  return <ResourcesPage copy={resourcesCopy} />;
}
