import { z } from 'zod';
import { fieldViolations, serverMessage } from '@/lib/api-errors';
import { templateProblem } from './body-template';
import { DEFAULT_EVENTS } from './webhook-labels';

/** What the add and edit forms hold. */
export type EndpointFormValues = {
  url: string;
  description: string;
  events: string[];
  bodyTemplate: string;
};

/** The form's fields in page order (the first invalid one gets focus). */
export const ENDPOINT_FIELDS = ['url', 'description', 'events', 'bodyTemplate'] as const satisfies readonly (keyof EndpointFormValues)[];
export type EndpointField = (typeof ENDPOINT_FIELDS)[number];

/** The server's limits (CreateWebhookEndpointRequest). */
export const URL_MAX_LENGTH = 2000;
export const DESCRIPTION_MAX_LENGTH = 200;

/**
 * The checks the server makes that can be made here too; whether http://
 * or a host is allowed only the server knows, so a URL is only required.
 */
export const endpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the URL to send leads to.')
    .max(URL_MAX_LENGTH, `The URL must be ${URL_MAX_LENGTH.toLocaleString('en-US')} characters or fewer.`),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH, `The description must be ${DESCRIPTION_MAX_LENGTH} characters or fewer.`),
  events: z.array(z.string()).min(1, 'Choose at least one event to send.'),
  // The template's own checks (JSON, its length, the names' roots), worded as the server words them.
  bodyTemplate: z.string().superRefine((value, ctx) => {
    const problem = templateProblem(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  }),
});

/** An endpoint's stored values in the form's shape; a new endpoint's defaults without one. */
export function endpointFormValues(
  endpoint?: { url: string; description: string; events: readonly string[]; bodyTemplate: string },
): EndpointFormValues {
  if (!endpoint) return { url: '', description: '', events: [...DEFAULT_EVENTS], bodyTemplate: '' };
  return {
    url: endpoint.url,
    description: endpoint.description,
    events: [...endpoint.events],
    bodyTemplate: endpoint.bodyTemplate,
  };
}

/** The request body for the values (trimmed; the events the server expects). */
export function endpointInput(values: EndpointFormValues) {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    events: [...values.events],
    bodyTemplate: values.bodyTemplate.trim(),
  };
}

export type EndpointInput = ReturnType<typeof endpointInput>;

/**
 * Which field a 400 from the webhook rules is about. Their messages are
 * written for staff but carry no field name (`details` is empty), so the
 * field is read from how the message starts; the protovalidate limits do
 * name theirs.
 */
export function errorField(message: string): EndpointField | null {
  if (/^(The URL|Enter a full URL|Enter the URL)/i.test(message)) return 'url';
  if (/^The body template/i.test(message)) return 'bodyTemplate';
  if (/^(Unknown event|Choose at least one event)/i.test(message)) return 'events';
  if (/^The description/i.test(message)) return 'description';
  return null;
}

/** A failed save's problem for a field (null: show it above the form), with the server's message. */
export function serverFieldError(err: unknown): { field: EndpointField | null; message: string } | null {
  const violation = fieldViolations(err).find((v) => (ENDPOINT_FIELDS as readonly string[]).includes(v.field));
  if (violation) return { field: violation.field as EndpointField, message: violation.message };
  const message = serverMessage(err);
  if (!message) return null;
  return { field: errorField(message), message };
}
