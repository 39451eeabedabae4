import { describe, expect, it } from 'vitest';
import { prerenderHtml } from '@/testing/prerender';
import { Toolbar } from './Toolbar';
import {
  ariaKeyShortcuts,
  fitCount,
  IDLE_TOOLBAR_STATE,
  rovingOrder,
  shortcutLabel,
  TABLE_ITEMS,
  tableCommandEnabled,
  type ToolbarState,
} from './toolbar-items';

const noop = () => {};

async function render(state: Partial<ToolbarState> = {}) {
  const html = await prerenderHtml(
    <Toolbar
      state={{ ...IDLE_TOOLBAR_STATE, ...state }}
      onCommand={noop}
      controls="body"
      label="Text formatting"
      mac={false}
      onEscape={noop}
      onMenuClosed={noop}
    />,
  );
  return html;
}

/** The opening tag of the button named `name` (aria-label, or its text for H2/H3). */
function button(html: string, name: string): string {
  const tags = html.match(/<button[^>]*>(?:(?!<\/button>)[\s\S])*<\/button>/g) ?? [];
  const found = tags.find((t) => t.includes(`aria-label="${name}"`) || new RegExp(`>${name}<`).test(t));
  if (!found) throw new Error(`no button named ${name} in ${html}`);
  return found.slice(0, found.indexOf('>') + 1);
}

describe('Toolbar', () => {
  it('is one named toolbar controlling the text, with a single tab stop', async () => {
    const html = await render();
    expect(html).toMatch(/<div role="toolbar" aria-label="Text formatting" aria-controls="body"/);
    expect(html.match(/tabindex="0"/g)).toHaveLength(1);
    // Ten more buttons and the table menu, and More (idle while everything fits).
    expect(html.match(/tabindex="-1"/g)).toHaveLength(11);
    // Every button is type=button: inside a form, none may submit it.
    expect(html.match(/<button(?![^>]*type="button")/g)).toBeNull();
  });

  it('says which formats are on with aria-pressed', async () => {
    const html = await render({ heading2: true, bold: true, bulletList: true, link: true });
    const pressed = (name: string) => /aria-pressed="(true|false)"/.exec(button(html, name))?.[1];
    expect(pressed('H2')).toBe('true');
    expect(pressed('H3')).toBe('false');
    expect(pressed('Bold')).toBe('true');
    expect(pressed('Italic')).toBe('false');
    expect(pressed('Bulleted list')).toBe('true');
    expect(pressed('Numbered list')).toBe('false');
    expect(pressed('Link')).toBe('true');
    expect(button(html, 'Undo')).not.toContain('aria-pressed');
  });

  it('keeps unavailable undo and redo focusable but marked aria-disabled', async () => {
    const idle = await render();
    expect(button(idle, 'Undo')).toContain('aria-disabled="true"');
    expect(button(idle, 'Redo')).toContain('aria-disabled="true"');
    expect(button(idle, 'Undo')).not.toMatch(/\sdisabled=""/);
    const busy = await render({ canUndo: true });
    expect(button(busy, 'Undo')).not.toContain('aria-disabled');
    expect(button(busy, 'Redo')).toContain('aria-disabled="true"');
  });

  it('names its shortcuts for assistive technology and people', async () => {
    const html = await render();
    expect(button(html, 'Bold')).toContain('aria-keyshortcuts="Control+B Meta+B"');
    expect(button(html, 'Link')).toContain('aria-haspopup="dialog"');
    expect(button(html, 'Insert image')).toContain('aria-haspopup="dialog"');
    expect(html).toMatch(/<button[^>]*aria-haspopup="menu"[^>]*>[\s\S]*?<span>Table<\/span>/);
    expect(shortcutLabel({ key: 'Z', shift: true }, false)).toBe('Ctrl+Shift+Z');
    expect(shortcutLabel({ key: 'Z', shift: true }, true)).toBe('⌘⇧Z');
    expect(shortcutLabel({ key: '2', alt: true }, true)).toBe('⌘⌥2');
    expect(ariaKeyShortcuts({ key: '2', alt: true })).toBe('Control+Alt+2 Meta+Alt+2');
  });
});

describe('tableCommandEnabled', () => {
  it('offers inserting a table outside one, and the row, column and delete commands inside one', () => {
    const outside = TABLE_ITEMS.filter((i) => tableCommandEnabled(i.command, IDLE_TOOLBAR_STATE)).map((i) => i.command);
    expect(outside).toEqual(['insertTable']);
    const inside = TABLE_ITEMS.filter((i) => tableCommandEnabled(i.command, { ...IDLE_TOOLBAR_STATE, inTable: true }));
    expect(inside.map((i) => i.label)).toEqual([
      'Add row above',
      'Add row below',
      'Delete row',
      'Add column before',
      'Add column after',
      'Delete column',
      'Delete table',
    ]);
  });
});

describe('the one-row toolbar', () => {
  // Eleven items 40 px wide with 2 px gaps, and a wider separator before each group's first.
  const ends = [40, 82, 132, 174, 224, 266, 316, 358, 408, 450, 540];
  const more = 90;

  it('shows every item, and no More, when the last one fits', () => {
    expect(fitCount(ends, 540, more)).toBe(11);
    expect(fitCount(ends, 900, more)).toBe(11);
    // Sub-pixel rounding is not an overflow.
    expect(fitCount(ends, 539.6, more)).toBe(11);
  });

  it('otherwise keeps as many as leave room for More', () => {
    expect(fitCount(ends, 539, more)).toBe(9); // 450 + 90 > 539; 408 + 90 fits
    expect(fitCount(ends, 358, more)).toBe(6); // a phone: the sixth ends at 266, + 90 ≤ 358
    expect(fitCount(ends, 129, more)).toBe(0); // only More
    expect(fitCount([], 100, more)).toBe(0);
  });

  it('moves focus over the shown items, then More; More only when something overflows', () => {
    expect(rovingOrder(11)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rovingOrder(5)).toEqual([0, 1, 2, 3, 4, 11]);
    expect(rovingOrder(0)).toEqual([11]);
  });

  it('renders More out of the row until something overflows', async () => {
    const html = await render();
    expect(html).toMatch(/<div class="rte__more rte__more--idle"><button[^>]*aria-haspopup="menu"[^>]*>[\s\S]*?<span>More<\/span>/);
    expect(html).not.toContain('rte__overflow');
  });
});
