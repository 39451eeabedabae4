import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { errorMessage } from '@/lib/api-client';
import { showFieldProblem } from '@/lib/form-errors';
import { templateHint } from '../utils/body-template';
import {
  DESCRIPTION_MAX_LENGTH,
  endpointFormValues,
  endpointInput,
  endpointSchema,
  serverFieldError,
  URL_MAX_LENGTH,
  type EndpointFormValues,
  type EndpointInput,
} from '../utils/endpoint-form';
import { WEBHOOK_EVENTS } from '../utils/webhook-labels';
import type { WebhookEndpoint } from '../api/webhook-json';

type EndpointFormProps = {
  /** The endpoint being edited; a new one without. */
  endpoint?: WebhookEndpoint;
  /** Saves the values; a rejection (the server's 400) is shown on the form. */
  save: (input: EndpointInput) => Promise<unknown>;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
};

/**
 * The fields of an endpoint, for adding one and for editing one: URL,
 * description, events and an optional body template. The server's
 * refusals ("The URL must start with https://.") appear under the field
 * they are about, or above the buttons when they name none.
 */
export function EndpointForm({ endpoint, save, onCancel, submitLabel, pendingLabel }: EndpointFormProps) {
  const id = useId();
  const form = useForm<EndpointFormValues>({
    resolver: zodResolver(endpointSchema),
    defaultValues: endpointFormValues(endpoint),
  });
  const { register, formState, setError, setFocus, control } = form;
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState('');
  const template = useWatch({ control, name: 'bodyTemplate' }) ?? '';

  useEffect(() => setFocus('url'), [setFocus]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError('');
    try {
      await save(endpointInput(values));
    } catch (err) {
      const problem = serverFieldError(err);
      if (!showFieldProblem(problem, setError, setFocus)) {
        setFormError(`${endpoint ? 'The changes' : 'The endpoint'} could not be saved: ${problem?.message ?? errorMessage(err)}`);
      }
    }
  });

  const f = (name: string) => `${id}-${name}`;
  const urlError = errors.url?.message;
  const descriptionError = errors.description?.message;
  const eventsError = errors.events?.message;
  const templateError = errors.bodyTemplate?.message;

  return (
    <form className="staff-form integrations-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="staff-field">
        <label htmlFor={f('url')}>URL</label>
        <input
          id={f('url')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={URL_MAX_LENGTH}
          required
          aria-invalid={urlError ? true : undefined}
          aria-describedby={describedBy(f('url-hint'), urlError && f('url-error'))}
          placeholder="https://hooks.example.com/leads"
          {...register('url')}
        />
        <p id={f('url-hint')} className="staff-field__hint">
          Where each event is sent as a signed POST. It must start with https://.
        </p>
        <FieldError id={f('url-error')} message={urlError} announce />
      </div>

      <div className="staff-field">
        <label htmlFor={f('description')}>Description</label>
        <input
          id={f('description')}
          type="text"
          maxLength={DESCRIPTION_MAX_LENGTH}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={describedBy(f('description-hint'), descriptionError && f('description-error'))}
          {...register('description')}
        />
        <p id={f('description-hint')} className="staff-field__hint">
          Optional: a note for staff, such as “HubSpot” or “Zapier: new leads to Jobber”.
        </p>
        <FieldError id={f('description-error')} message={descriptionError} announce />
      </div>

      <fieldset
        className="staff-field integrations-events"
        aria-describedby={describedBy(eventsError && f('events-error'))}
      >
        <legend>Events to send</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event.value} className="integrations-check">
            <input type="checkbox" value={event.value} {...register('events')} />
            <span>
              {event.label} <span className="integrations-check__hint">({event.hint})</span>
            </span>
          </label>
        ))}
        <FieldError id={f('events-error')} message={eventsError} announce />
      </fieldset>

      <div className="staff-field">
        <label htmlFor={f('template')}>Body template</label>
        <p id={f('template-about')} className="staff-field__hint">
          Optional. JSON in the receiver’s shape whose strings name the lead’s fields, like{' '}
          <code>{'{{lead.firstName}}'}</code> or <code>{'{{lead.email}}'}</code>. Leave it empty to send the standard
          event.
        </p>
        <textarea
          id={f('template')}
          className="integrations-template"
          rows={6}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          aria-invalid={templateError ? true : undefined}
          aria-describedby={describedBy(f('template-about'), f('template-hint'), templateError && f('template-error'))}
          placeholder={'{"email": "{{lead.email}}", "name": "{{lead.firstName}} {{lead.lastName}}"}'}
          {...register('bodyTemplate')}
        />
        <p id={f('template-hint')} className="staff-field__hint">
          {templateHint(template)}
        </p>
        <FieldError id={f('template-error')} message={templateError} announce />
      </div>

      {formError && (
        <div className="staff-alert staff-alert--error" role="alert">
          {formError}
        </div>
      )}
      <div className="integrations-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
