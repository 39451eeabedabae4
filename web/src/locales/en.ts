// Every area's English messages in one catalog, for the prerender (entry-server.tsx) and the tests
// (testing/setup-messages.ts); the browser loads the shell's with the entry and each other area's with
// its code (locales/<area>/en.ts). Compiled on import by @lingui/vite-plugin.
import type { Messages } from '@lingui/core';
import { messages as shell } from './shell/en.po';
import { messages as leadForm } from './lead-form/en.po';
import { messages as home } from './home/en.po';
import { messages as cityPage } from './city-page/en.po';
import { messages as servicePages } from './service-pages/en.po';
import { messages as riskMap } from './risk-map/en.po';
import { messages as resources } from './resources/en.po';

export const messages: Messages = { ...shell, ...leadForm, ...home, ...cityPage, ...servicePages, ...riskMap, ...resources };
