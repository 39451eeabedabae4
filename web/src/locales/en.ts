// Every area's English messages in one catalog (lingui.config.ts: one .po per area, so
// translators of different parts never edit the same file). Compiled on import by @lingui/vite-plugin.
import type { Messages } from '@lingui/core';
import { messages as shell } from './shell/en.po';
import { messages as leadForm } from './lead-form/en.po';
import { messages as home } from './home/en.po';
import { messages as cityPage } from './city-page/en.po';
import { messages as servicePages } from './service-pages/en.po';
import { messages as riskMap } from './risk-map/en.po';
import { messages as resources } from './resources/en.po';

export const messages: Messages = { ...shell, ...leadForm, ...home, ...cityPage, ...servicePages, ...riskMap, ...resources };
