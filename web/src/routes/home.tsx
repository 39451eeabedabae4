import { homeCopy } from '@/content/home-page';
import { HomePage } from './home-page';

/** The English home page, /. */
export function HomeRoute() {
  return <HomePage copy={homeCopy} />;
}
