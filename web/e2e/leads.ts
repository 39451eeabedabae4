import { request } from 'playwright-core';
import { expect } from 'vitest';
import { BASE_URL, nextVisitorIp } from './browser';

/**
 * Submits a lead as a visitor's browser would (Origin header, plus
 * `headers`: a user agent, an X-Forwarded-For of its own, an
 * Idempotency-Key) and returns its id. The intake is rate-limited per
 * address and other suites submit too, so a 429 waits for its Retry-After.
 */
export async function submitLead(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<string> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL, ...headers } });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await api.post('/api/contact', { data: body });
      if (res.status() === 429) {
        await new Promise((r) => setTimeout(r, (Number(res.headers()['retry-after']) || 10) * 1000 + 200));
        continue;
      }
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { id: string }).id;
    }
    throw new Error('the lead intake kept answering 429');
  } finally {
    await api.dispose();
  }
}

/**
 * submitLead as a visitor of an address of its own (so the intake's
 * per-address limit is this lead's alone) with an idempotency key, as the
 * site's forms send: a call the gateway retries on a busy machine is then
 * stored once, not as a duplicate lead.
 */
export function submitAsVisitor(body: Record<string, unknown>): Promise<string> {
  return submitLead(body, { 'X-Forwarded-For': nextVisitorIp(), 'Idempotency-Key': crypto.randomUUID() });
}
