import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { attrOf, elements, texts } from '@/testing/html';
import { describedBy, FieldError } from './FieldError';

describe('FieldError', () => {
  it('shows the message under its id, for the control’s aria-describedby', () => {
    const html = renderToString(<FieldError id="title-error" message="Title is required" />);
    const [p] = elements(html, 'p', { id: 'title-error', class: 'staff-field__error' });
    expect(p).toBeDefined();
    expect(attrOf(p!.open, 'role')).toBeUndefined();
    expect(texts(html, 'p')).toEqual(['Title is required']);
  });

  it('is an alert when asked to announce itself', () => {
    const html = renderToString(<FieldError id="key-error" message="Content key is required" announce />);
    expect(elements(html, 'p', { id: 'key-error', role: 'alert' })).toHaveLength(1);
  });

  it('renders nothing without a message', () => {
    expect(renderToString(<FieldError id="x" message={undefined} />)).toBe('');
    expect(renderToString(<FieldError id="x" message="" announce />)).toBe('');
  });
});

describe('describedBy', () => {
  it('names the ids present, in order', () => {
    expect(describedBy('hint', false, undefined, 'error')).toBe('hint error');
    expect(describedBy('', 'hint')).toBe('hint');
  });

  it('is undefined when none is (no empty attribute)', () => {
    expect(describedBy()).toBeUndefined();
    expect(describedBy(false, undefined, '')).toBeUndefined();
  });
});
