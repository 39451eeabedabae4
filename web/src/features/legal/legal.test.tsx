import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { render } from '@/app/entry-server';
import { business } from '@/config/business';
import { attrOf, elements, innerHtmls, textOnly, visibleText } from '@/testing/html';

/** The staff-editable texts as seeded: a legal page's heading, date and body, with their Spanish (contentEs). */
const seed = new Map<string, { content: string; contentEs?: string }>(
  (
    JSON.parse(
      readFileSync(
        fileURLToPath(new URL('../../../../services/content/internal/contentpg/seed/editable-content.json', import.meta.url)),
        'utf8',
      ),
    ) as { contentKey: string; content: string; contentEs?: string }[]
  ).map((i) => [i.contentKey, i]),
);

/** A page's main area, with the head tags its page renders there. */
async function mainOf(path: string): Promise<string> {
  const { html } = await render(path);
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

const titleOf = (html: string) => innerHtmls(html, 'title').map(textOnly);
const descriptionOf = (html: string) => elements(html, 'meta', { name: 'description' }).map((m) => attrOf(m.open, 'content'));
const canonicalOf = (html: string) => elements(html, 'link', { rel: 'canonical' }).map((l) => attrOf(l.open, 'href'));
const updatedLine = (html: string) => elements(html, 'p', { class: 'legal__updated' }).map((p) => visibleText(p.inner));

describe.each(['privacy', 'terms'] as const)('the %s page, in English and at /es/ (SPEC §2, issue 40)', (name) => {
  it('in English: the seeded heading as title, the English description and "Last updated"', async () => {
    const html = await mainOf(`/${name}`);
    const heading = seed.get(`legal.${name}.title`)!.content;
    expect(titleOf(html)).toEqual([`${heading} | ${business.companyName}`]);
    expect(descriptionOf(html)).toEqual([expect.stringMatching(/^(What our website collects|The terms of use of our website)/)]);
    expect(canonicalOf(html)).toEqual([expect.stringMatching(new RegExp(`[^s]/${name}$`))]);
    expect(updatedLine(html)).toEqual([`Last updated ${seed.get(`legal.${name}.updated`)!.content}`]);
    expect(elements(html, 'div', { 'data-ec': `legal.${name}.body`, 'data-ec-area': business.serviceArea })).toHaveLength(1);
  });

  it('in Spanish: the seed’s Spanish heading as title, a Spanish description, "Última actualización:" and the area in Spanish', async () => {
    const html = await mainOf(`/es/${name}`);
    const heading = seed.get(`legal.${name}.title`)!.contentEs!;
    expect(titleOf(html)).toEqual([`${heading} | ${business.companyName}`]);
    expect(descriptionOf(html)).toEqual([expect.stringMatching(/^(Qué datos recopila nuestro sitio web|Los términos de uso de nuestro sitio web)/)]);
    expect(canonicalOf(html)).toEqual([expect.stringMatching(new RegExp(`/es/${name}$`))]);
    // The date itself is an editable text: the prerender and the edge fill in its Spanish.
    expect(updatedLine(html)).toEqual([`Última actualización: ${seed.get(`legal.${name}.updated`)!.content}`]);
    // The body's {area}, inside Spanish sentences ("… en {area}, Arizona").
    expect(elements(html, 'div', { 'data-ec': `legal.${name}.body`, 'data-ec-area': 'el Valle de Phoenix' })).toHaveLength(1);
    expect(seed.get(`legal.${name}.body`)!.contentEs).toContain('en {area}');
  });
});
