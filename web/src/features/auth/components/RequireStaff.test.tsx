import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { getUserQueryOptions, userQueryKey } from '../api/get-user';
import { RequireStaff } from './RequireStaff';

/** /admin with the user lookup in the given state (as after its fetch). */
function render(state: { user?: { id: string; username: string; isStaff: boolean } | null; error?: Error }) {
  const client = createQueryClient();
  if (state.error) {
    // As after the lookup and its retries failed (a mount would otherwise
    // show the spinner of a new attempt).
    client.setQueryDefaults(userQueryKey, { retryOnMount: false });
    client.getQueryCache().build(client, { queryKey: userQueryKey }).setState({ status: 'error', error: state.error, fetchStatus: 'idle' });
  } else {
    client.setQueryData(userQueryKey, state.user ?? null);
  }
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin']}>
        <RequireStaff>{(user) => <p>Hello {user.username}</p>}</RequireStaff>
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

describe('RequireStaff', () => {
  it('shows staff the page', () => {
    expect(render({ user: { id: '1', username: 'ana@pipes.example', isStaff: true } })).toContain('Hello ana@pipes.example');
  });

  it('keeps staff on the page with a retry when their account could not be checked (503 during a database failover)', () => {
    const html = render({ error: new ApiError(503, 'Service Unavailable', '{"message":"This service is temporarily unavailable. Please try again in a moment, or call us."}') });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your account could not be checked');
    expect(html).toContain('Try again');
    expect(html).not.toContain('Hello');
  });

  it('sends a signed-out visitor away: no page, no alert', () => {
    const html = render({ user: null });
    expect(html).not.toContain('Hello');
    expect(html).not.toContain('role="alert"');
  });

  it('asks again on a 503 a few times, never on a 401 or a 500', () => {
    const retry = getUserQueryOptions().retry as (n: number, e: Error) => boolean;
    expect(retry(0, new ApiError(503, 'Service Unavailable', ''))).toBe(true);
    expect(retry(3, new ApiError(503, 'Service Unavailable', ''))).toBe(false);
    expect(retry(0, new ApiError(500, 'Internal Server Error', ''))).toBe(false);
    expect(retry(0, new ApiError(401, 'Unauthorized', ''))).toBe(false);
  });
});
