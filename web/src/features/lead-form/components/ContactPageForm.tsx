import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { focusFirstError } from '../form-errors';
import { CONTACT_PROBLEM_OPTIONS } from '../options';
import { currentSubmissionContext, toContactPageInspectionRequest } from '../payload';
import { contactPageSchema, type ContactPageData, type ContactPageFormValues } from '../schema';
import { ContactDetailsFields } from './ContactDetailsFields';
import { useLeadSubmission } from './use-lead-submission';
import { CheckboxGroup, Honeypot, RequiredNote, TextareaField } from './fields';
import { CallLink } from '@/components/CallLink';

export const CONTACT_FORM_TEXT = {
  successTitle: 'Inspection Scheduled!',
  successDescription: "We'll contact you within 24 hours to confirm your free inspection appointment.",
  failureTitle: 'Error',
  failureFallback: 'Failed to submit form. Please try again or call us directly.',
} as const;

const EMPTY_VALUES: ContactPageFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  issues: [],
  description: '',
  website: '',
};

const FIELD_ORDER: readonly FieldPath<ContactPageFormValues>[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'issues',
  'description',
];

/** The inspection request form of the /contact page. */
export function ContactPageForm() {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ContactPageFormValues, unknown, ContactPageData>({
    resolver: zodResolver(contactPageSchema),
    defaultValues: EMPTY_VALUES,
    shouldFocusError: false,
  });
  const { submit, pending } = useLeadSubmission({
    text: CONTACT_FORM_TEXT,
    fieldOrder: FIELD_ORDER,
    setError,
    setFocus,
    onSuccess: () => reset(EMPTY_VALUES),
  });
  const onValid = (data: ContactPageData) => submit(toContactPageInspectionRequest(data, currentSubmissionContext()));


  return (
    <div className="lead-form-wrap">
      <form
        className="lead-form"
        noValidate
        onSubmit={handleSubmit(onValid, (errs) => focusFirstError(errs, FIELD_ORDER, setFocus))}
      >
        <RequiredNote />
        <div className="lead-form__grid">
          <ContactDetailsFields
            id={id}
            register={(name) => register(name)}
            errors={errors}
            cityPlaceholder="Select your city"
          />
        </div>
        <CheckboxGroup
          id={id('issues')}
          label="What problems are you experiencing?"
          options={CONTACT_PROBLEM_OPTIONS}
          registration={register('issues')}
          error={errors.issues?.message}
        />
        <TextareaField
          id={id('description')}
          label="Describe your drain issue"
          required
          hint="At least 10 characters: which drains, how often, anything you've already tried."
          maxLength={5000}
          registration={register('description')}
          error={errors.description?.message}
        />
        <Honeypot id={id('website')} registration={register('website')} />
        <button type="submit" className="button button--primary lead-form__submit" disabled={pending}>
          {pending ? 'Submitting...' : 'Schedule Free Inspection'}
        </button>
      </form>
      <p className="lead-form__alternatives-text">
        Rather talk it through?{' '}
        <CallLink />
      </p>
    </div>
  );
}
