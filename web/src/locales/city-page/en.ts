// The area's English messages, loaded by the code that shows them (a page
// carries only its own areas' messages; shell's are in the entry, and
// Spanish pages load every area's at once: i18n/catalog.ts). ADR 0017.
import { i18n } from '@lingui/core';
import { messages } from './en.po';

i18n.load('en', messages);
