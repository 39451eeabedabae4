// The resources page's data in the page's language: routes/resources.tsx
// hands the English (content/resources-page.ts), routes/es/resources.tsx the
// Spanish.
import type { ResourcesCopy } from '@/content/resources-page';
import { createCopy } from '@/i18n/copy';

export const { CopyProvider: ResourcesCopyProvider, useCopy: useResourcesCopy } = createCopy<ResourcesCopy>('resources page');
