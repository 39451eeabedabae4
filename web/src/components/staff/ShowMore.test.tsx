import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { findButton } from '@/testing/elements';
import { attrOf, elements, openTag, texts } from '@/testing/html';
import { ShowMore } from './ShowMore';

type Props = ComponentProps<typeof ShowMore>;

const POSTS: Props = {
  className: 'posts-more',
  count: '50 of 53 posts listed',
  hasMore: true,
  busy: false,
  label: 'Show more posts',
  busyLabel: 'Loading more posts…',
  onShowMore: () => {},
};

const render = (props: Partial<Props> = {}) => renderToString(<ShowMore {...POSTS} {...props} />);

/** The opening tag of the one button, or undefined without one. */
const buttonTag = (html: string) => elements(html, 'button')[0]?.open;

/** Presses the button as rendered with these props (no DOM in these tests: its click handler is called). */
function press(props: Partial<Props>) {
  let tree: unknown;
  function Probe() {
    const rendered = ShowMore({ ...POSTS, ...props });
    tree = rendered;
    return rendered;
  }
  renderToString(<Probe />);
  const button = findButton(tree);
  if (!button?.props.onClick) throw new Error('no button to press');
  button.props.onClick();
}

describe('ShowMore', () => {
  it('announces the count and offers the next page, the button described by the count', () => {
    const html = render();
    expect(html).toMatch(openTag('div', { class: 'show-more posts-more' }));
    const count = elements(html, 'p', { class: 'show-more__count', role: 'status' });
    expect(count).toHaveLength(1);
    expect(texts(html, 'p')).toEqual(['50 of 53 posts listed']);
    const id = attrOf(count[0]!.open, 'id');
    expect(id).toBeTruthy();

    const button = buttonTag(html)!;
    expect(button).toMatch(openTag('button', { type: 'button', class: 'button', 'aria-describedby': id! }));
    expect(attrOf(button, 'aria-disabled')).toBeUndefined();
    expect(attrOf(button, 'disabled')).toBeUndefined();
    expect(texts(html, 'button')).toEqual(['Show more posts']);
  });

  it('while a page loads, says so and waits: aria-disabled, still focusable', () => {
    const html = render({ busy: true });
    const button = buttonTag(html)!;
    expect(attrOf(button, 'aria-disabled')).toBe('true');
    expect(attrOf(button, 'disabled')).toBeUndefined();
    expect(texts(html, 'button')).toEqual(['Loading more posts…']);
    expect(texts(html, 'p')).toEqual(['50 of 53 posts listed']);
  });

  it('shows only the count once the last page is in', () => {
    const html = renderToString(<ShowMore {...POSTS} className={undefined} hasMore={false} count="All 53 posts listed" />);
    expect(html).toMatch(openTag('div', { class: 'show-more' }));
    expect(texts(html, 'p', { role: 'status' })).toEqual(['All 53 posts listed']);
    expect(buttonTag(html)).toBeUndefined();
  });

  it('asks for the next page when pressed, and not again while it loads', () => {
    const onShowMore = vi.fn();
    press({ onShowMore });
    expect(onShowMore).toHaveBeenCalledTimes(1);
    press({ onShowMore, busy: true });
    expect(onShowMore).toHaveBeenCalledTimes(1);
  });

  it('uses the labels it is given', () => {
    const html = render({ label: 'Show more texts', busyLabel: 'Loading more texts…', count: '100 of 105 texts listed' });
    expect(texts(html, 'button')).toEqual(['Show more texts']);
    expect(texts(html, 'p')).toEqual(['100 of 105 texts listed']);
    expect(texts(render({ label: 'Show more texts', busyLabel: 'Loading more texts…', busy: true }), 'button')).toEqual(['Loading more texts…']);
  });
});
