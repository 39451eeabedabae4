import type { FieldPath, FieldValues, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import { trackConversion } from '@/lib/analytics';
import { serverMessage, useSubmitInspectionRequest } from '../api/submit-inspection-request';
import { showServerFieldErrors } from '../form-errors';
import type { InspectionRequest } from '../payload';

/** A form's SPEC §8 toast texts. */
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
 * What both forms do with a valid submission: post it; on success toast,
 * reset and fire the conversion hook; on failure show the server's
 * per-field errors and a destructive toast with its message.
 */
export function useLeadSubmission<T extends FieldValues>({ text, fieldOrder, setError, setFocus, onSuccess }: Options<T>) {
  const submission = useSubmitInspectionRequest();
  const submit = (request: InspectionRequest) =>
    submission.mutate(request, {
      onSuccess: () => {
        toast({ title: text.successTitle, description: text.successDescription });
        onSuccess();
        void trackConversion('form_submit');
      },
      onError: (err) => {
        showServerFieldErrors(err, fieldOrder, setError, setFocus);
        toast({ variant: 'destructive', title: text.failureTitle, description: serverMessage(err) ?? text.failureFallback });
      },
    });
  return { submit, pending: submission.isPending };
}
