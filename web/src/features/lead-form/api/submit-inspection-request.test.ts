import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_ATTRIBUTION } from '../attribution';
import { toContactPageInspectionRequest } from '../payload';
import { contactPageSchema } from '../schema';
import { CONTACT_PATH, newIdempotencyKey, submitInspectionRequest } from './submit-inspection-request';

describe('newIdempotencyKey', () => {
  it('gives a fresh v4 UUID each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});

describe('submitInspectionRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts the page's language with SPEC's fields (issue 40)", async () => {
    const fetch = vi.fn(async () => new Response('{"id":"l1","createdAt":"2026-11-28T10:00:00Z","respondBy":"2026-11-29T10:00:00Z"}'));
    vi.stubGlobal('fetch', fetch);
    const data = contactPageSchema.parse({
      firstName: 'María',
      lastName: 'López',
      email: 'maria@example.com',
      phone: '4805550199',
      description: 'El fregadero se tapa cada semana.',
    });
    const payload = toContactPageInspectionRequest(data, { sourcePage: '/es/contact', attribution: { ...EMPTY_ATTRIBUTION }, language: 'es' });
    await expect(submitInspectionRequest(payload, { idempotencyKey: 'k1' })).resolves.toMatchObject({ id: 'l1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(CONTACT_PATH);
    expect(JSON.parse(String(init.body))).toMatchObject({ formVariant: 'contact', firstName: 'María', hasVideo: false, language: 'es' });
  });
});
