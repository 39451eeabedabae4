import type { FieldPath } from 'react-hook-form';
import { CallLink } from '@/components/CallLink';
import { buildMailtoHref } from '../mailto';
import { CONTACT_PROBLEM_OPTIONS, OTHER_CITY } from '../options';
import { toContactPageInspectionRequest } from '../payload';
import { contactPageSchema, type ContactPageFormValues } from '../schema';
import { ContactDetailsFields } from './ContactDetailsFields';
import { CheckboxGroup, Honeypot, RequiredNote, TextareaField, UndeliveredNotice } from './fields';
import { useLeadForm } from './use-lead-form';

export const CONTACT_FORM_TEXT = {
  successTitle: 'Inspection Scheduled!',
  successDescription: "We'll contact you within 24 hours to confirm your free inspection appointment.",
  failureTitle: 'Error',
  failureFallback: 'Failed to submit form. Please try again or call us directly.',
} as const;

const SUBMIT_LABEL = 'Schedule Free Inspection';

const EMPTY_VALUES: ContactPageFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  otherCity: '',
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
  'otherCity',
  'issues',
  'description',
];

/** The inspection request form of the /contact page. */
export function ContactPageForm() {
  const {
    form: {
      register,
      watch,
      formState: { errors },
    },
    id,
    onSubmit,
    pending,
    undelivered,
  } = useLeadForm({
    schema: contactPageSchema,
    empty: EMPTY_VALUES,
    text: CONTACT_FORM_TEXT,
    fieldOrder: FIELD_ORDER,
    toRequest: toContactPageInspectionRequest,
  });

  const values = watch();

  return (
    <div className="lead-form-wrap">
      <form className="lead-form" noValidate onSubmit={onSubmit}>
        <RequiredNote />
        <div className="lead-form__grid">
          <ContactDetailsFields
            id={id}
            register={(name) => register(name)}
            errors={errors}
            cityPlaceholder="Select your city"
            otherCitySelected={values.city === OTHER_CITY.value}
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
          {pending ? 'Submitting...' : SUBMIT_LABEL}
        </button>
        {undelivered && <UndeliveredNotice mailtoHref={buildMailtoHref(values)} buttonLabel={SUBMIT_LABEL} />}
      </form>
      <p className="lead-form__alternatives-text">
        Rather talk it through?{' '}
        <CallLink />
      </p>
    </div>
  );
}
