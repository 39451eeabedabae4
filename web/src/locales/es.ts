// Every area's Spanish messages in one catalog (lingui.config.ts: one .po per area, so
// translators of different parts never edit the same file). Compiled on import by @lingui/vite-plugin.
import type { Messages } from '@lingui/core';
import { messages as shell } from './shell/es.po';
import { messages as leadForm } from './lead-form/es.po';
import { messages as home } from './home/es.po';
import { messages as cityPage } from './city-page/es.po';
import { messages as servicePages } from './service-pages/es.po';
import { messages as riskMap } from './risk-map/es.po';
import { messages as resources } from './resources/es.po';

export const messages: Messages = { ...shell, ...leadForm, ...home, ...cityPage, ...servicePages, ...riskMap, ...resources };
