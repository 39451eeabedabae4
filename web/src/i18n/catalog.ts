// Lingui's message catalogs (ADR 0017). English is part of the entry (the
// macros leave only message ids in the code, so even English needs its
// catalog); Spanish is a chunk of its own that only Spanish pages load,
// before they first render (main.tsx, entry-server.tsx), so hydration
// draws the same words the prerender did.
import { i18n, type Messages } from '@lingui/core';
import { messages as en } from '@/locales/en';
import { DEFAULT_LOCALE, type Locale } from './locale';

const loaders: Record<Locale, () => Promise<Messages>> = {
  en: async () => en,
  es: async () => (await import('@/locales/es')).messages,
};

i18n.load(DEFAULT_LOCALE, en);
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
