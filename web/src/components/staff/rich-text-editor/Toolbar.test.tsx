import { describe, expect, it } from 'vitest';
import { prerenderHtml } from '@/testing/prerender';
import {
  ariaKeyShortcuts,
  IDLE_TOOLBAR_STATE,
  shortcutLabel,
  TABLE_ITEMS,
  tableCommandEnabled,
  Toolbar,
  type ToolbarState,
} from './Toolbar';

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
    expect(html.match(/tabindex="-1"/g)).toHaveLength(10);
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
