import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { createQueryClient } from '@/lib/query-client';
import { editableContentQueryKey, type EditableContentItem } from '@/features/editable-content';
import { countTags, innerHtmls, textOnly } from '@/testing/html';
import { inHome, renderHtml } from '../testing/render';
import { HeroSection } from './HeroSection';

const FALLBACK_TITLE = 'Trenchless Drain & Sewer Repair Across the Phoenix Valley';

/** The text of the first h1, which must hold text only (undefined when it holds markup, or there is none). */
function h1(html: string): string | undefined {
  const inner = innerHtmls(html, 'h1')[0];
  return inner === undefined ? undefined : textOnly(inner);
}

/** The inner HTML of the subtitle, marked for the edge to fill. */
const subtitle = (html: string) => innerHtmls(html, 'div', { class: 'home-hero__subtitle', 'data-ec': 'hero.subtitle' });

describe('HeroSection', () => {
  it('shows the build-time title and subtitle, marked for the edge to fill, while the editable text is loading', () => {
    const html = renderHtml(inHome(<HeroSection />));
    expect(h1(html)).toBe(FALLBACK_TITLE);
    expect(countTags(html, 'h1', { id: 'home-hero-title', 'data-ec': 'hero.title' })).toBe(1);
    expect(subtitle(html)).toEqual([expect.stringMatching(/^<p>Cracked, root-filled/)]);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
  });

  it('keeps the fallback text when the editable text cannot be loaded', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({
      queryKey: editableContentQueryKey,
      queryFn: () => Promise.reject(new Error('Failed to fetch editable content')),
    });
    client.setQueryDefaults(editableContentQueryKey, { retryOnMount: false });
    expect(h1(renderHtml(inHome(<HeroSection />), client))).toBe(FALLBACK_TITLE);
  });

  it('keeps the fallback text when the list has no hero items', () => {
    const client = createQueryClient();
    client.setQueryData<EditableContentItem[]>(editableContentQueryKey, []);
    expect(h1(renderHtml(inHome(<HeroSection />), client))).toBe(FALLBACK_TITLE);
  });

  it('shows staff-edited text items as text, never as markup, and html items as their (sanitised) HTML', () => {
    const client = createQueryClient();
    client.setQueryData<EditableContentItem[]>(editableContentQueryKey, [
      { contentKey: 'hero.title', content: 'Sewer <img src=x onerror=alert(1)> Help', contentType: 'text' },
      { contentKey: 'hero.subtitle', content: '<p>Fixed <strong>today</strong></p>', contentType: 'html' },
    ]);
    const html = renderHtml(inHome(<HeroSection />), client);
    // Text only (every `<` escaped), reading as the staff typed it.
    expect(h1(html)).toBe('Sewer <img src=x onerror=alert(1)> Help');
    expect(html).not.toContain('<img');
    expect(subtitle(html)).toEqual(['<p>Fixed <strong>today</strong></p>']);
  });

  it('offers the free inspection, a scheduling button, a call link and the four pipe eras', () => {
    const html = renderHtml(inHome(<HeroSection />));
    expect(html).toContain('Free camera inspection with any estimate');
    expect(innerHtmls(html, 'button', { type: 'button' })).toContain('Schedule Free Inspection');
    expect(html).toContain(`href="${business.phoneHref}"`);
    expect(html).toContain(`Call ${business.phone}`);
    for (const era of ['1960–1975', '1945–1972', 'Pre-1950s', 'Any age']) expect(html).toContain(era);
    expect(html).toContain('Orangeburg');
  });
});
