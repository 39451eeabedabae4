import '@/locales/lead-form/en';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldPath } from 'react-hook-form';
import { CallLink } from '@/components/CallLink';
import { buildMailtoHref } from '../mailto';
import { CONTACT_PROBLEM_OPTIONS, optionsIn, OTHER_CITY } from '../options';
import { toContactPageInspectionRequest } from '../payload';
import { contactPageSchema, type ContactPageFormValues } from '../schema';
import { ContactDetailsFields } from './ContactDetailsFields';
import { CheckboxGroup, Honeypot, RequiredNote, TextareaField, UndeliveredNotice } from './fields';
import { useLeadForm, type FormText } from './use-lead-form';

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

/** The inspection request form of the /contact page, in the page's language. */
export function ContactPageForm() {
  const { t, i18n } = useLingui();
  // SPEC §8's toasts of this form.
  const text: FormText = {
    successTitle: t`Inspection Scheduled!`,
    successDescription: t`We'll contact you within 24 hours to confirm your free inspection appointment.`,
    failureTitle: t`Error`,
    failureFallback: t`Failed to submit form. Please try again or call us directly.`,
  };
  const submitLabel = t`Schedule Free Inspection`;
  const {
    form: { register, watch },
    id,
    onSubmit,
    pending,
    undelivered,
    errorOf,
  } = useLeadForm({
    schema: contactPageSchema,
    empty: EMPTY_VALUES,
    text,
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
            errorOf={errorOf}
            cityPlaceholder={t`Select your city`}
            otherCitySelected={values.city === OTHER_CITY.value}
          />
        </div>
        <CheckboxGroup
          id={id('issues')}
          label={t`What problems are you experiencing?`}
          options={optionsIn(i18n, CONTACT_PROBLEM_OPTIONS)}
          registration={register('issues')}
          error={errorOf('issues')}
        />
        <TextareaField
          id={id('description')}
          label={t`Describe your drain issue`}
          required
          hint={t`At least 10 characters: which drains, how often, anything you've already tried.`}
          maxLength={5000}
          registration={register('description')}
          error={errorOf('description')}
        />
        <Honeypot id={id('website')} registration={register('website')} />
        <button type="submit" className="button button--primary lead-form__submit" disabled={pending}>
          {pending ? t`Submitting...` : submitLabel}
        </button>
        {undelivered && <UndeliveredNotice mailtoHref={buildMailtoHref(i18n, values)} buttonLabel={submitLabel} />}
      </form>
      <p className="lead-form__alternatives-text">
        <Trans>Rather talk it through?</Trans> <CallLink />
      </p>
    </div>
  );
}
