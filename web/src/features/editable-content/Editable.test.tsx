import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { editableContentKey, editableContentQueryKey, type EditableContentItem } from './api/get-editable-content';
import { Editable } from './Editable';
import { valueToSave } from './edit-mode/save-editable';
import { fillParams } from './fill-params';

function render(el: React.ReactElement, items?: EditableContentItem[]) {
  const client = createQueryClient();
  if (items) client.setQueryData(editableContentQueryKey, items);
  return renderToString(<QueryClientProvider client={client}>{el}</QueryClientProvider>);
}

describe('Editable on a Spanish page (issue 40)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the Spanish list’s item, the English list’s on English pages', () => {
    const client = createQueryClient();
    client.setQueryData(editableContentQueryKey, [{ contentKey: 'hero.title', content: 'Sewer repair', contentType: 'text' }]);
    client.setQueryData(editableContentKey('es'), [{ contentKey: 'hero.title', content: 'Reparación de drenaje', contentType: 'text', locale: 'es' }]);
    const page = () =>
      renderToString(
        <QueryClientProvider client={client}>
          <Editable contentKey="hero.title" as="h1">
            Built wording
          </Editable>
        </QueryClientProvider>,
      );
    vi.stubGlobal('window', { location: { pathname: '/es/contact' } });
    expect(page()).toBe('<h1 data-ec="hero.title">Reparación de drenaje</h1>');
    vi.stubGlobal('window', { location: { pathname: '/contact' } });
    expect(page()).toBe('<h1 data-ec="hero.title">Sewer repair</h1>');
  });
});

describe('Editable', () => {
  it('renders the build-time wording in an element the edge can fill (data-ec and its params)', () => {
    expect(render(<Editable contentKey="home.services.title" as="h2" id="t">Repairs & more</Editable>)).toBe(
      '<h2 id="t" data-ec="home.services.title">Repairs &amp; more</h2>',
    );
    expect(
      render(
        <Editable contentKey="city.hero.title" as="h1" params={{ city: 'Mesa' }}>
          {'{city} Drain Repair'}
        </Editable>,
      ),
    ).toBe('<h1 data-ec="city.hero.title" data-ec-city="Mesa">Mesa Drain Repair</h1>');
    expect(render(<Editable contentKey="home.risk.intro" type="html" className="x">{"Find yours; it's <free>"}</Editable>)).toBe(
      '<div data-ec="home.risk.intro" class="x"><p>Find yours; it&#39;s &lt;free&gt;</p></div>',
    );
    // A whole page's HTML (markup): kept as written, placeholders filled and escaped.
    expect(
      render(
        <Editable contentKey="legal.terms.body" type="html" markup params={{ company: 'A & B' }}>
          {'<h2>Use</h2><p>{company} runs this site</p>'}
        </Editable>,
      ),
    ).toBe('<div data-ec="legal.terms.body" data-ec-company="A &amp; B"><h2>Use</h2><p>A &amp; B runs this site</p></div>');
  });

  it('renders the current item: text as text, html as its sanitised HTML, placeholders filled', () => {
    const items: EditableContentItem[] = [
      { contentKey: 'city.hero.title', content: '<b>{city}</b> pipes', contentType: 'text' },
      { contentKey: 'footer.blurb', content: '<p>Serving the <em>{area}</em></p>', contentType: 'html' },
    ];
    expect(render(<Editable contentKey="city.hero.title" as="h1" params={{ city: 'Mesa' }}>x</Editable>, items)).toBe(
      '<h1 data-ec="city.hero.title" data-ec-city="Mesa">&lt;b>Mesa&lt;/b> pipes</h1>',
    );
    expect(render(<Editable contentKey="footer.blurb" type="html" params={{ area: 'A & B' }}>x</Editable>, items)).toBe(
      '<div data-ec="footer.blurb" data-ec-area="A &amp; B"><p>Serving the <em>A &amp; B</em></p></div>',
    );
  });

  it("draws a stored item as its own contentType says, whatever the page's type prop expects", () => {
    const items: EditableContentItem[] = [
      { contentKey: 'home.risk.intro', content: '<img src=x onerror=alert(1)><b>{city}</b> & more', contentType: 'text' },
      { contentKey: 'home.services.title', content: '<p>Lined <strong>{city}</strong></p>', contentType: 'html' },
      { contentKey: 'home.untyped', content: '<i>x</i>', contentType: '' },
    ];
    // A text item where the page expects HTML: literal text, every "<" escaped,
    // and its placeholder filled as text.
    const text = render(<Editable contentKey="home.risk.intro" type="html" params={{ city: 'A&B' }}>x</Editable>, items);
    expect(text).toBe('<div data-ec="home.risk.intro" data-ec-city="A&amp;B">&lt;img src=x onerror=alert(1)>&lt;b>A&amp;B&lt;/b> &amp; more</div>');
    expect(text).not.toContain('<img');
    expect(text).not.toContain('<b>');
    // An html item where the page expects text: its (server-sanitised) HTML,
    // placeholder escaped for HTML.
    expect(render(<Editable contentKey="home.services.title" as="h2" params={{ city: '<Mesa>' }}>x</Editable>, items)).toBe(
      '<h2 data-ec="home.services.title" data-ec-city="&lt;Mesa>"><p>Lined <strong>&lt;Mesa&gt;</strong></p></h2>',
    );
    // A stored item that does not say html is text.
    expect(render(<Editable contentKey="home.untyped" type="html">x</Editable>, items)).toBe(
      '<div data-ec="home.untyped">&lt;i>x&lt;/i></div>',
    );
  });

  it('fills only known placeholders, escaping values for HTML', () => {
    expect(fillParams('{city} and {other}', { city: '<Mesa>' }, true)).toBe('&lt;Mesa&gt; and {other}');
    expect(fillParams('{city} and {other}', { city: '<Mesa>' }, false)).toBe('<Mesa> and {other}');
    expect(fillParams('{city}', undefined, false)).toBe('{city}');
  });

  it('saves text items as plain text (markup stripped, entities decoded) and html items as written', () => {
    expect(valueToSave('text', '<p>Fast &amp; <b>clean</b></p>')).toBe('Fast & clean');
    expect(valueToSave('html', ' <p>Fast &amp; <b>clean</b></p> ')).toBe('<p>Fast &amp; <b>clean</b></p>');
  });
});
