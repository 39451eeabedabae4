import { homeCopy } from '@/content/es/home-page';
import { HomePage } from '../home-page';

/** The Spanish home page, /es/ (issue 40). */
export function HomeRoute() {
  return <HomePage copy={homeCopy} />;
}
