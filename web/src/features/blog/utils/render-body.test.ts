import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml, isHtmlBody, renderBody, renderMarkdown, safeHref, wrapHtmlTables } from './render-body';

describe('renderMarkdown', () => {
  it('renders headings from h2, bold, bullets, paragraphs and line breaks', () => {
    const html = renderMarkdown('# Top\n\n## What it is\n\nFirst line\nsecond line\n\n- **Cast iron** rots\n- Clay cracks\n\n### Deeper\n\n1. One\n2. Two');
    expect(html).toBe(
      [
        '<h2>Top</h2>',
        '<h2>What it is</h2>',
        '<p>First line<br>second line</p>',
        '<ul><li><strong>Cast iron</strong> rots</li><li>Clay cracks</li></ul>',
        '<h3>Deeper</h3>',
        '<ol><li>One</li><li>Two</li></ol>',
      ].join('\n'),
    );
  });

  it('renders a table with a header row in a scrollable labelled region', () => {
    const html = renderMarkdown('| Material | Life |\n|---|---|\n| Clay | 50–60 years |\n| PVC | 100 years |');
    expect(html).toContain('<div class="article__table" role="region" tabindex="0" aria-labelledby="article-table-1">');
    expect(html).toContain('<thead><tr><th scope="col">Material</th><th scope="col">Life</th></tr></thead>');
    expect(html).toContain('<tbody><tr><td>Clay</td><td>50–60 years</td></tr><tr><td>PVC</td><td>100 years</td></tr></tbody>');
  });

  it('escapes every character of the source: raw HTML shows as text', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> & <img src=x onerror=alert(1)> "quoted"');
    expect(html).toBe('<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;</p>');
    expect(renderMarkdown('**<b>x</b>**')).toBe('<p><strong>&lt;b&gt;x&lt;/b&gt;</strong></p>');
  });

  it('keeps safe links and drops script-capable ones', () => {
    expect(renderMarkdown('See [our guide](/blog/orangeburg-pipe-guide).')).toBe(
      '<p>See <a href="/blog/orangeburg-pipe-guide">our guide</a>.</p>',
    );
    expect(renderMarkdown('[site](https://example.com/a?b=1&c=2)')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">site</a></p>',
    );
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p>x</p>');
    // A target with white space is not a link at all: it stays text.
    expect(renderMarkdown('[x](java\tscript:alert(1))')).not.toContain('<a');
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(renderMarkdown('[x]("onmouseover="alert(1))')).not.toContain('onmouseover="');
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('tel:+16025550142')).toBe('tel:+16025550142');
  });

  it('renders every seed article without leaving markdown syntax behind', () => {
    const dir = join(__dirname, '../../../../../services/content/internal/contentpg/seed/posts');
    const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
    expect(files).toHaveLength(9);
    for (const f of files) {
      const body = readFileSync(join(dir, f), 'utf8').replace(/^---[\s\S]*?\n---\n/, '');
      const html = renderMarkdown(body);
      expect(html, f).toContain('<h2>');
      const text = html.replace(/<[^>]+>/g, '');
      expect(text, f).not.toMatch(/^#{1,6} |\*\*|^\|/m);
    }
  });
});

describe('renderBody', () => {
  it('uses a server-sanitised HTML body as it is and renders markdown', () => {
    expect(isHtmlBody('<p>Hi</p>')).toBe(true);
    expect(isHtmlBody('<!-- c --><p>Hi</p>')).toBe(false);
    expect(renderBody('<p>Already <strong>HTML</strong></p>')).toBe('<p>Already <strong>HTML</strong></p>');
    expect(renderBody('Plain *text*')).toBe('<p>Plain <em>text</em></p>');
    expect(escapeHtml(`<a href="x">'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&lt;/a&gt;');
  });
});

describe('wrapHtmlTables', () => {
  it('puts each table of an HTML body in a scrollable, focusable, named region, as markdown tables are', () => {
    const body = '<p>Intro</p><table><tbody><tr><th><p>Era</p></th></tr><tr><td><p>1960</p></td></tr></tbody></table><p>Then</p><table><tbody><tr><td>x</td></tr></tbody></table>';
    expect(renderBody(body)).toBe(
      '<p>Intro</p><div class="article__table" role="region" tabindex="0" aria-label="Table 1"><table><tbody><tr><th><p>Era</p></th></tr><tr><td><p>1960</p></td></tr></tbody></table></div>' +
        '<p>Then</p><div class="article__table" role="region" tabindex="0" aria-label="Table 2"><table><tbody><tr><td>x</td></tr></tbody></table></div>',
    );
    expect(wrapHtmlTables('<p>No tables, just &lt;table&gt; as text</p>')).toBe('<p>No tables, just &lt;table&gt; as text</p>');
  });
});
