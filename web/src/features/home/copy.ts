// The home page's data in the page's language: routes/home.tsx hands the
// English (content/home-page.ts), routes/es/home.tsx the Spanish.
import type { HomeCopy } from '@/content/home-page';
import { createCopy } from '@/i18n/copy';

export const { CopyProvider: HomeCopyProvider, useCopy: useHomeCopy } = createCopy<HomeCopy>('home page');
