// Lingui's message catalogs (ADR 0017). The macros leave only message ids in
// the code, so even English needs its catalog: the shell's (header, footer,
// not-found) is part of the entry, and each other area's is loaded by the
// code that shows it (locales/<area>/en.ts, imported by the area's entry
// modules), so a page carries only its own areas' English. Spanish is a
// chunk of its own, every area at once, that only Spanish pages load,
// before they first render (main.tsx, entry-server.tsx), so hydration
// draws the same words the prerender did. A message looked up but not
// loaded is reported on the console (browser tests fail on console errors).
import { i18n, type Messages } from '@lingui/core';
import { messages as shell } from '@/locales/shell/en.po';
import { DEFAULT_LOCALE, type Locale } from './locale';

const loaders: Record<Locale, () => Promise<Messages>> = {
  en: async () => ({}),
  es: async () => (await import('@/locales/es')).messages,
};

i18n.load(DEFAULT_LOCALE, shell);
i18n.on('missing', ({ locale, id }) => console.error(`i18n: message ${id} is not loaded in ${locale}`));
i18n.activate(DEFAULT_LOCALE);

/** Loads a language's messages (once) and makes it the active one. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  if (!loaded.has(locale)) {
    i18n.load(locale, await loaders[locale]());
    loaded.add(locale);
  }
  i18n.activate(locale);
}

const loaded = new Set<Locale>([DEFAULT_LOCALE]);

export { i18n };
