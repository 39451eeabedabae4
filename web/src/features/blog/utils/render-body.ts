// Article bodies (SPEC §2 "Article page"): "light markdown rendered as HTML:
// headings, bold, bullets, table rows, paragraphs, line breaks". The server
// stores them sanitised (content service), and this renderer is a second
// line of defence: every character of the source is escaped, and the only
// markup in the output is what the renderer itself writes. Raw HTML inside
// markdown is therefore shown as text. A body that is HTML (it starts with
// a tag; the content service's IsHTML rule) was sanitised by the server's
// allow-list and is used as it is.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The content service's rule: HTML starts with a tag (not a comment). */
export function isHtmlBody(body: string): boolean {
  return /^<[a-zA-Z][a-zA-Z0-9]*[\s>/]/.test(body.trim());
}

/** Relative, http(s), mailto and tel targets; anything else (javascript:, data:) is dropped. */
export function safeHref(target: string): string | null {
  const t = target.trim().replace(/[\u0000-\u0020\u007f]/g, '');
  const colon = t.indexOf(':');
  const slash = t.search(/[/?#]/);
  if (colon < 0 || (slash >= 0 && slash < colon)) return t;
  return /^(https?|mailto|tel):/i.test(t) ? t : null;
}

/** Inline markup on escaped text: links, **bold**, *italic*. */
function inline(raw: string): string {
  let out = '';
  let rest = raw;
  // Links first, on the raw text, so their targets are checked before escaping.
  const link = /\[([^\]]+)\]\(([^()\s]*(?:\([^()]*\))?[^()\s]*)\)/;
  for (let m = link.exec(rest); m; m = link.exec(rest)) {
    out += emphasis(escapeHtml(rest.slice(0, m.index)));
    const href = safeHref(m[2]!);
    const text = emphasis(escapeHtml(m[1]!));
    if (href === null) out += text;
    else {
      const external = /^https?:/i.test(href);
      out += `<a href="${escapeHtml(href)}"${external ? ' rel="noopener noreferrer"' : ''}>${text}</a>`;
    }
    rest = rest.slice(m.index + m[0].length);
  }
  return out + emphasis(escapeHtml(rest));
}

function emphasis(escaped: string): string {
  return escaped
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/__(?=\S)([\s\S]*?\S)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*(?=\S)([^*]*?\S)\*(?![*\w])/g, '$1<em>$2</em>');
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*\d+[.)]\s+(.*)$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function cells(row: string): string[] {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/**
 * Markdown to HTML. Headings start at <h2> (the page title is the <h1>):
 * "#" and "##" are h2, "###" h3, deeper h4. Tables get a scrollable,
 * focusable wrapper so a wide one stays usable on a phone.
 */
export function renderMarkdown(md: string): string {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let para: string[] = [];
  let tables = 0;
  const flush = () => {
    if (para.length) out.push(`<p>${para.map(inline).join('<br>')}</p>`);
    para = [];
  };
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (line.trim() === '') {
      flush();
      i++;
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      flush();
      const level = Math.min(Math.max(h[1]!.length, 2), 4);
      out.push(`<h${level}>${inline(h[2]!)}</h${level}>`);
      i++;
      continue;
    }
    if (/^\s*(-{3,}|\*{3,})\s*$/.test(line)) {
      flush();
      out.push('<hr>');
      i++;
      continue;
    }
    if (BULLET.test(line) || ORDERED.test(line)) {
      flush();
      const ordered = !BULLET.test(line);
      const re = ordered ? ORDERED : BULLET;
      const items: string[] = [];
      while (i < lines.length && re.test(lines[i]!)) items.push(`<li>${inline(re.exec(lines[i++]!)![1]!)}</li>`);
      out.push(ordered ? `<ol>${items.join('')}</ol>` : `<ul>${items.join('')}</ul>`);
      continue;
    }
    if (TABLE_ROW.test(line)) {
      flush();
      const rows: string[] = [];
      while (i < lines.length && TABLE_ROW.test(lines[i]!)) rows.push(lines[i++]!);
      const hasHeader = rows.length > 1 && TABLE_RULE.test(rows[1]!);
      const head = hasHeader ? cells(rows[0]!) : null;
      const body = (hasHeader ? rows.slice(2) : rows).filter((r) => !TABLE_RULE.test(r)).map(cells);
      const id = `article-table-${++tables}`;
      let t = `<div class="article__table" role="region" tabindex="0" aria-labelledby="${id}"><table>`;
      t += `<caption id="${id}" class="visually-hidden">Table ${tables}</caption>`;
      if (head) t += `<thead><tr>${head.map((c) => `<th scope="col">${inline(c)}</th>`).join('')}</tr></thead>`;
      t += `<tbody>${body.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('')}</tbody>`;
      out.push(`${t}</table></div>`);
      continue;
    }
    para.push(line.trim());
    i++;
  }
  flush();
  return out.join('\n');
}

/**
 * Server-sanitised HTML (the staff editor's) with each table put in the
 * same scrollable, focusable, named region as a markdown table, so a wide
 * one stays usable on a phone. The sanitiser escapes every "<" in text and
 * attributes, so the only "<table" left is a tag.
 */
export function wrapHtmlTables(html: string): string {
  let tables = 0;
  return html
    .replace(/<table\b[^>]*>/gi, (tag) => `<div class="article__table" role="region" tabindex="0" aria-label="Table ${++tables}">${tag}`)
    .replace(/<\/table\s*>/gi, '</table></div>');
}

/** The body as HTML: server-sanitised HTML with its tables made scrollable, markdown rendered. */
export function renderBody(body: string): string {
  return isHtmlBody(body) ? wrapHtmlTables(body) : renderMarkdown(body);
}
