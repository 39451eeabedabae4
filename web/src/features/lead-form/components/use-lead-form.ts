import '@/locales/lead-form/en';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormSetError,
  type UseFormSetFocus,
} from 'react-hook-form';
import type { ZodType, ZodTypeDef } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { useLocale } from '@/i18n/use-locale';
import { trackConversion } from '@/lib/analytics';
import { ApiError } from '@/lib/api-client';
import { useSubmitInspectionRequest } from '../api/submit-inspection-request';
import { focusFirstError, showServerFieldErrors } from '@/lib/form-errors';
import { failureMessage, fieldMessage } from '../messages';
import { currentSubmissionContext, type InspectionRequest, type SubmissionContext } from '../payload';

/** A form's SPEC §8 toast texts, in the page's language. */
export type FormText = {
  readonly successTitle: string;
  readonly successDescription: string;
  readonly failureTitle: string;
  readonly failureFallback: string;
};

type Options<T extends FieldValues> = {
  text: FormText;
  fieldOrder: readonly FieldPath<T>[];
  setError: UseFormSetError<T>;
  setFocus: UseFormSetFocus<T>;
  /** Resets the form after a success. */
  onSuccess: () => void;
};

/**
 * True when the request did not get through to us: the network failed, or
 * the server (or a proxy) could not take it just now (5xx, 429). Then the
 * visitor is offered the phone and the pre-filled e-mail. A 4xx is an
 * answer about what was typed, shown next to the fields instead.
 */
export function notDelivered(err: unknown): boolean {
  return !(err instanceof ApiError) || err.status >= 500 || err.status === 429;
}

/**
 * What both forms do with a valid submission: post it; on success toast,
 * reset and fire the conversion hook; on failure show the server's
 * per-field errors and a destructive toast with its message, both in the
 * page's language (messages.ts). What was typed is kept, and `undelivered`
 * says the request did not get through (the form then offers the phone and
 * the e-mail); pressing submit again re-sends it under the same
 * idempotency key, so a request stored before its answer was lost is not
 * stored twice.
 */
export function useLeadSubmission<T extends FieldValues>({ text, fieldOrder, setError, setFocus, onSuccess }: Options<T>) {
  const { i18n } = useLingui();
  const submission = useSubmitInspectionRequest();
  const [undelivered, setUndelivered] = useState(false);
  const submit = (request: InspectionRequest) =>
    submission.mutate(request, {
      onSuccess: () => {
        setUndelivered(false);
        toast({ title: text.successTitle, description: text.successDescription });
        onSuccess();
        void trackConversion('form_submit');
      },
      onError: (err) => {
        setUndelivered(notDelivered(err));
        showServerFieldErrors(err, fieldOrder, setError, setFocus);
        toast({ variant: 'destructive', title: text.failureTitle, description: failureMessage(i18n, err) ?? text.failureFallback });
      },
    });
  return { submit, pending: submission.isPending, undelivered };
}

type LeadFormOptions<Values extends FieldValues, Data> = {
  schema: ZodType<Data, ZodTypeDef, Values>;
  empty: Values;
  text: FormText;
  /** The fields in page order: the first invalid one gets focus. */
  fieldOrder: readonly FieldPath<Values>[];
  /** The POST /api/contact body for valid data. */
  toRequest: (data: Data, context: SubmissionContext) => InspectionRequest;
};

/**
 * Everything both lead forms set up the same way: element ids, react-hook-form
 * with the zod schema, focus on the first invalid field, the submission
 * (toasts, reset on success, server field errors) with the page's language,
 * and `errorOf`, a field's error in the page's language.
 */
export function useLeadForm<Values extends FieldValues, Data>({
  schema,
  empty,
  text,
  fieldOrder,
  toRequest,
}: LeadFormOptions<Values, Data>) {
  const uid = useId();
  const { i18n } = useLingui();
  const language = useLocale();
  const form = useForm<Values, unknown, Data>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<Values>,
    shouldFocusError: false,
  });
  const { submit, pending, undelivered } = useLeadSubmission({
    text,
    fieldOrder,
    setError: form.setError,
    setFocus: form.setFocus,
    onSuccess: () => form.reset(empty),
  });
  const onSubmit = form.handleSubmit(
    (data) => submit(toRequest(data, currentSubmissionContext(language))),
    (errs) => focusFirstError(errs, fieldOrder, form.setFocus),
  );
  // The form's rules and the server's answers speak SPEC's English: shown in the page's language.
  const errors = form.formState.errors as Partial<Record<string, { message?: unknown }>>;
  const errorOf = (name: FieldPath<Values>): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message !== '' ? fieldMessage(i18n, name, message) : undefined;
  };
  return { form, id: (name: string) => `${uid}-${name}`, onSubmit, pending, undelivered, errorOf };
}
