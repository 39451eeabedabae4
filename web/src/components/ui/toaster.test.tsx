import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Toaster } from './toaster';

describe('Toaster', () => {
  it('renders the notifications region that F8 focuses', () => {
    const html = renderToString(<Toaster />);
    expect(html).toContain('role="region"');
    expect(html).toContain('aria-label="Notifications (F8)"');
    expect(html).toContain('class="toast-viewport"');
  });
});
