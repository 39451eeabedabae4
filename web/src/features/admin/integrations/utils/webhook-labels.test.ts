import { describe, expect, it } from 'vitest';
import {
  attemptOk,
  attemptText,
  UNDER_WAY,
  deliveryEventLabel,
  deliveryStatusLabel,
  disabledBadge,
  disabledReasonText,
  endpointName,
  sendingText,
  eventLabel,
  eventsText,
  formatLatency,
  queuedText,
  sendResultText,
} from './webhook-labels';

describe('events', () => {
  it('names the two events and keeps an unknown one as it is', () => {
    expect(eventLabel('leads.submitted')).toBe('New leads');
    expect(eventLabel('leads.updated')).toBe('Changes to leads');
    expect(eventLabel('leads.deleted')).toBe('leads.deleted');
    expect(deliveryEventLabel('leads.submitted')).toBe('New lead');
    expect(deliveryEventLabel('leads.updated')).toBe('Lead changed');
    expect(deliveryEventLabel('')).toBe('Unknown event');
  });

  it('reads a list as a sentence', () => {
    expect(eventsText([])).toBe('No events');
    expect(eventsText(['leads.submitted'])).toBe('New leads');
    expect(eventsText(['leads.submitted', 'leads.updated'])).toBe('New leads and changes to leads');
    expect(eventsText(['leads.updated', 'leads.submitted', 'x.y'])).toBe('Changes to leads, new leads and x.y');
  });
});

describe('why an endpoint is disabled', () => {
  it.each([
    ['gone', 'Disabled: 410 Gone', /410 Gone/],
    ['failing', 'Disabled: failing', /five days/],
    ['staff', 'Disabled', /by staff/],
    ['', 'Disabled', /^Disabled\.$/],
  ])('%s', (reason, badge, text) => {
    expect(disabledBadge(reason)).toBe(badge);
    expect(disabledReasonText(reason)).toMatch(text);
  });
});

describe('sendingText', () => {
  it('says whether events go out, and why not', () => {
    expect(sendingText({ enabled: true, disabledReason: '', failingSince: '' })).toBe('Every event is sent.');
    expect(sendingText({ enabled: true, disabledReason: '', failingSince: '2026-11-27T10:00:00Z' })).toMatch(/not taking them/);
    expect(sendingText({ enabled: false, disabledReason: 'gone', failingSince: '' })).toMatch(/410 Gone/);
  });
});

describe('deliveries and attempts', () => {
  it('labels statuses', () => {
    expect(deliveryStatusLabel('pending')).toBe('Pending');
    expect(deliveryStatusLabel('delivered')).toBe('Delivered');
    expect(deliveryStatusLabel('failed')).toBe('Failed');
    expect(deliveryStatusLabel('')).toBe('Unknown');
  });

  it.each([
    [0, '0 ms'],
    [12.4, '12 ms'],
    [999, '999 ms'],
    [1000, '1 s'],
    [1234, '1.2 s'],
    [10_000, '10 s'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('latency %d → %s', (ms, want) => {
    expect(formatLatency(ms)).toBe(want);
  });

  it('says what an attempt got', () => {
    const ok = { statusCode: 204, latencyMs: 12, error: '' };
    const refused = { statusCode: 500, latencyMs: 30, error: 'the receiver answered 500' };
    const none = { statusCode: 0, latencyMs: 10_000, error: 'timeout' };
    expect(attemptOk(ok)).toBe(true);
    expect(attemptOk(refused)).toBe(false);
    expect(attemptOk({ statusCode: 200, latencyMs: 1, error: 'body too large' })).toBe(false);
    expect(attemptText(ok)).toBe('HTTP 204 in 12 ms');
    expect(attemptText(refused)).toBe('HTTP 500 in 30 ms: the receiver answered 500');
    expect(attemptText(none)).toBe('No answer after 10 s: timeout');
    expect(attemptText({ statusCode: 0, latencyMs: 0, error: '', inProgress: true })).toBe(UNDER_WAY);
    expect(sendResultText(ok)).toBe('Delivered: HTTP 204 in 12 ms');
    expect(sendResultText(none)).toBe('Failed: No answer after 10 s: timeout');
    expect(sendResultText(null)).toMatch(/no attempt/);
  });

  it('counts what was queued', () => {
    expect(queuedText(0)).toMatch(/^Nothing to send again/);
    expect(queuedText(1)).toBe('1 delivery was queued to be sent again.');
    expect(queuedText(7)).toBe('7 deliveries were queued to be sent again.');
  });
});

describe('endpointName', () => {
  it('is the description, else the host, else the URL', () => {
    expect(endpointName({ description: ' HubSpot ', url: 'https://a.example/x' })).toBe('HubSpot');
    expect(endpointName({ description: '', url: 'https://hooks.zapier.com/hooks/catch/1/abc' })).toBe('hooks.zapier.com');
    expect(endpointName({ description: '', url: 'not a url' })).toBe('not a url');
  });
});
