// Tests render components on their own, not through the area entry modules
// that load their English messages in the browser: every area's are loaded
// here (as the prerender does), as they were when the entry held them all.
import { i18n } from '@lingui/core';
import { messages } from '@/locales/en';

i18n.load('en', messages);
