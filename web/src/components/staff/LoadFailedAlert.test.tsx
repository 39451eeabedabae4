import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { findButton } from '@/testing/elements';
import { elements, texts } from '@/testing/html';
import { LoadFailedAlert } from './LoadFailedAlert';

describe('LoadFailedAlert', () => {
  it('says what could not be loaded and why, with Try again, as an alert', () => {
    const html = renderToString(<LoadFailedAlert subject="The posts" error={new Error('Network down')} onRetry={() => {}} />);
    const [alert] = elements(html, 'div', { class: 'staff-alert staff-alert--error', role: 'alert' });
    expect(alert).toBeDefined();
    expect(texts(html, 'div')[0]).toBe('The posts could not be loaded: Network down Try again');
    expect(elements(html, 'button', { type: 'button' })).toHaveLength(1);
    expect(texts(html, 'button')).toEqual(['Try again']);
  });

  it('gives the server’s own message', () => {
    const err = new ApiError(503, 'Service Unavailable', '{"message":"The service is unavailable.","code":"unavailable","details":[]}');
    const html = renderToString(<LoadFailedAlert subject="The leads" error={err} onRetry={() => {}} />);
    expect(texts(html, 'div')[0]).toBe('The leads could not be loaded: The service is unavailable. Try again');
  });

  it('reads again when Try again is pressed', () => {
    const onRetry = vi.fn();
    const button = findButton(LoadFailedAlert({ subject: 'The figures', error: 'x', onRetry }));
    button?.props.onClick?.();
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
