import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { openDelay, Tooltip, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip';
import { openTag } from '@/testing/html';

describe('tooltip timing (SPEC §9)', () => {
  it('waits 700 ms, or nothing within 300 ms of another tooltip closing', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
    expect(openDelay(10_000, Number.NEGATIVE_INFINITY)).toBe(700);
    expect(openDelay(10_000, 9_800)).toBe(0);
    expect(openDelay(10_000, 9_700)).toBe(700);
  });
});

describe('Tooltip', () => {
  it('renders its text hidden next to the trigger, which it does not describe until shown', () => {
    const html = renderToString(
      <Tooltip content="What this means">
        <button type="button">Critical</button>
      </Tooltip>,
    );
    const tip = openTag('span', { role: 'tooltip', id: true, class: 'tooltip', hidden: true }).source;
    expect(html).toMatch(new RegExp(`<button type="button">Critical</button>${tip}What this means</span>`));
    expect(html).not.toContain('aria-describedby');
  });
});
