import { describe, expect, it } from 'vitest';
import { queryKeyToPath } from '@/lib/api-client';
import { deliveryQueryKey } from './get-delivery';
import { deliveriesQueryKey, loadedDeliveries, withDelivery, type DeliveriesData } from './list-deliveries';
import { endpointsQueryKey, withEndpoint } from './list-endpoints';
import { updateBody } from './update-endpoint';
import { num, toDelivery, toEndpoint } from './webhook-json';

describe('reading the API’s JSON', () => {
  it('fills what proto JSON leaves out or sends as null', () => {
    expect(toEndpoint({ id: 'e1', url: 'https://a.example', enabled: true, createdAt: '2026-11-27T10:00:00Z', failingSince: null })).toEqual({
      id: 'e1',
      url: 'https://a.example',
      description: '',
      events: [],
      bodyTemplate: '',
      enabled: true,
      disabledReason: '',
      createdAt: '2026-11-27T10:00:00Z',
      createdBy: '',
      updatedAt: '',
      secretRotatedAt: '',
      previousSecretExpiresAt: '',
      failingSince: '',
      secretHint: '',
    });
    expect(toEndpoint(undefined).enabled).toBe(false);
  });

  it('reads int64 strings as numbers and the last attempt when there is one', () => {
    const d = toDelivery({
      id: 'msg_abc',
      endpointId: 'e1',
      event: 'leads.submitted',
      status: 'delivered',
      attempts: 2,
      lastAttempt: { number: 2, statusCode: 204, latencyMs: '37', at: '2026-11-27T10:00:05Z' },
    });
    expect(d.lastAttempt).toEqual({
      number: 2,
      at: '2026-11-27T10:00:05Z',
      statusCode: 204,
      latencyMs: 37,
      response: '',
      error: '',
      inProgress: false,
    });
    expect(toDelivery({ lastAttempt: { number: 3, inProgress: true } }).lastAttempt?.inProgress).toBe(true);
    expect(d).toMatchObject({ leadId: '', test: false, nextAttemptAt: '' });
    expect(toDelivery({ id: 'msg_x', lastAttempt: null }).lastAttempt).toBeNull();
    expect(num('9007199254740993')).toBeGreaterThan(0);
    expect(num('abc')).toBe(0);
    expect(num(undefined)).toBe(0);
  });
});

describe('requests', () => {
  it('reads the right paths', () => {
    expect(queryKeyToPath(endpointsQueryKey)).toBe('/api/admin/webhooks');
    expect(queryKeyToPath([...deliveriesQueryKey('e1'), { pageSize: 25, pageToken: undefined }])).toBe(
      '/api/admin/webhooks/e1/deliveries?pageSize=25',
    );
    expect(queryKeyToPath(deliveryQueryKey('e1', 'msg_a'))).toBe('/api/admin/webhooks/e1/deliveries/msg_a');
  });

  it('sends new events with updateEvents, as the API asks', () => {
    expect(updateBody({ enabled: false })).toEqual({ enabled: false });
    expect(updateBody({ url: 'https://a.example', events: ['leads.updated'] })).toEqual({
      url: 'https://a.example',
      events: ['leads.updated'],
      updateEvents: true,
    });
  });
});

describe('the caches', () => {
  const a = toEndpoint({ id: 'a', url: 'https://a.example' });
  const b = toEndpoint({ id: 'b', url: 'https://b.example' });

  it('puts a new endpoint first and a changed one in its place', () => {
    const c = toEndpoint({ id: 'c', url: 'https://c.example' });
    expect(withEndpoint([a, b], c)?.map((e) => e.id)).toEqual(['c', 'a', 'b']);
    expect(withEndpoint([a, b], { ...b, enabled: true })?.[1]?.enabled).toBe(true);
    expect(withEndpoint(undefined, c)).toBeUndefined();
  });

  it('puts a resent delivery into the loaded pages', () => {
    const d1 = toDelivery({ id: 'msg_1', status: 'failed' });
    const d2 = toDelivery({ id: 'msg_2', status: 'delivered' });
    const data: DeliveriesData = {
      pages: [
        { deliveries: [d1], nextPageToken: 't' },
        { deliveries: [d2], nextPageToken: '' },
      ],
      pageParams: ['', 't'],
    };
    const next = withDelivery(data, { ...d1, status: 'delivered' });
    expect(loadedDeliveries(next).map((d) => `${d.id}:${d.status}`)).toEqual(['msg_1:delivered', 'msg_2:delivered']);
    expect(loadedDeliveries(undefined)).toEqual([]);
  });
});
