import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { endpointFormValues, endpointInput, endpointSchema, errorField, serverFieldError } from './endpoint-form';

/** A 400 as the gateway writes the webhook rules' refusals: a message, no field. */
const refusal = (message: string) =>
  new ApiError(400, 'Bad Request', JSON.stringify({ message, code: 'invalid_argument', details: [] }));

describe('the endpoint form', () => {
  it('starts a new endpoint with New leads ticked, and an edit with what is stored', () => {
    expect(endpointFormValues()).toEqual({ url: '', description: '', events: ['leads.submitted'], bodyTemplate: '' });
    const stored = { url: 'https://a.example/h', description: 'HubSpot', events: ['leads.updated'], bodyTemplate: '{}' };
    expect(endpointFormValues(stored)).toEqual(stored);
    expect(endpointFormValues(stored).events).not.toBe(stored.events);
  });

  it('requires a URL and an event and checks the template', () => {
    const ok = endpointSchema.safeParse({ url: ' https://a.example/h ', description: '', events: ['leads.submitted'], bodyTemplate: '' });
    expect(ok.success && ok.data.url).toBe('https://a.example/h');
    const bad = endpointSchema.safeParse({ url: '  ', description: '', events: [], bodyTemplate: '{' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      url: 'Enter the URL to send leads to.',
      events: 'Choose at least one event to send.',
    });
    expect(messages.bodyTemplate).toMatch(/^The body template is not valid JSON/);
    // Whether http:// is allowed only the server knows.
    expect(endpointSchema.safeParse({ url: 'http://127.0.0.1:9/h', description: '', events: ['leads.updated'], bodyTemplate: '' }).success).toBe(true);
  });

  it('sends trimmed values', () => {
    expect(endpointInput({ url: ' https://a.example ', description: ' Zap ', events: ['leads.submitted'], bodyTemplate: ' {} \n' })).toEqual({
      url: 'https://a.example',
      description: 'Zap',
      events: ['leads.submitted'],
      bodyTemplate: '{}',
    });
  });
});

describe('the server’s refusals', () => {
  it.each([
    ['The URL must start with https://.', 'url'],
    ['Enter a full URL, such as https://crm.example.com/hooks/leads.', 'url'],
    ['The URL points at 10.0.0.1, a private or local address, which deliveries may not reach.', 'url'],
    ['The body template names {{lead.fax}}, but a lead has no field "fax".', 'bodyTemplate'],
    ['Unknown event "x": choose leads.submitted or leads.updated.', 'events'],
    ['Choose at least one event to send.', 'events'],
    ['There are already 50 webhooks; remove one first.', null],
  ])('%s → %s', (message, field) => {
    expect(errorField(message)).toBe(field);
    expect(serverFieldError(refusal(message))).toEqual({ field, message });
  });

  it('takes a named field from a validation answer’s details', () => {
    const err = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({ message: 'value length must be at most 200 characters', details: [{ field: 'description', message: 'value length must be at most 200 characters' }] }),
    );
    expect(serverFieldError(err)).toEqual({ field: 'description', message: 'value length must be at most 200 characters' });
  });

  it('has nothing to say for a failure without a message for people', () => {
    expect(serverFieldError(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverFieldError(new ApiError(502, 'Bad Gateway', '<html>'))).toBeNull();
  });
});
