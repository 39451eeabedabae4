import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavMenu, typeaheadIndex } from './NavMenu';
import { CITY_LINKS } from './site-links';
import { openTag } from '@/testing/html';

const cities = CITY_LINKS.map((l) => l.label);

describe('typeaheadIndex', () => {
  it('finds the first label after the current one that starts with the prefix', () => {
    expect(cities).toEqual(['Scottsdale', 'Phoenix', 'Tempe', 'Mesa', 'Chandler', 'Gilbert', 'Glendale', 'Peoria']);
    expect(typeaheadIndex(cities, 'g', 0)).toBe(5);
    expect(typeaheadIndex(cities, 'g', 5)).toBe(6);
    // Wraps round.
    expect(typeaheadIndex(cities, 'g', 6)).toBe(5);
    expect(typeaheadIndex(cities, 's', 7)).toBe(0);
  });

  it('matches a longer prefix from the current item, so typing on keeps the match', () => {
    expect(typeaheadIndex(cities, 'pe', 1)).toBe(7);
    expect(typeaheadIndex(cities, 'ph', 1)).toBe(1);
    expect(typeaheadIndex(cities, 'gle', 5)).toBe(6);
  });

  it('treats a repeated letter as cycling, and ignores case', () => {
    expect(typeaheadIndex(cities, 'gg', 5)).toBe(6);
    expect(typeaheadIndex(cities, 'M', -1)).toBe(3);
  });

  it('returns -1 when nothing matches', () => {
    expect(typeaheadIndex(cities, 'x', 0)).toBe(-1);
  });
});

describe('NavMenu', () => {
  it('renders a closed menu button whose links are in the HTML', () => {
    const html = renderToString(
      <MemoryRouter>
        <NavMenu label="Service Areas" links={CITY_LINKS} />
      </MemoryRouter>,
    );
    expect(html).toMatch(
      openTag('button', { type: 'button', class: 'site-nav__trigger', 'aria-haspopup': 'menu', 'aria-expanded': 'false' }),
    );
    expect(html).toMatch(openTag('ul', { role: 'menu', hidden: true }));
    expect(html.match(/role="menuitem"/g)).toHaveLength(8);
    expect(html).toContain('href="/tempe"');
  });
});
