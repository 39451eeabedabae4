import '@/locales/lead-form/en';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldPath } from 'react-hook-form';
import { CallLink } from '@/components/CallLink';
import { trackConversion } from '@/lib/analytics';
import { buildMailtoHref } from '../mailto';
import { HOME_AGE_OPTIONS, HOME_ISSUE_OPTIONS, optionsIn, OTHER_CITY, URGENCY_OPTIONS } from '../options';
import { toHomeInspectionRequest } from '../payload';
import { homeLeadSchema, type HomeLeadFormValues } from '../schema';
import { ContactPageForm } from './ContactPageForm';
import { ContactDetailsFields } from './ContactDetailsFields';
import { CheckboxGroup, Honeypot, RequiredNote, SelectField, TextareaField, UndeliveredNotice } from './fields';
import { useLeadForm, type FormText } from './use-lead-form';

const EMPTY_VALUES: HomeLeadFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  otherCity: '',
  homeAge: '',
  urgency: '',
  issues: [],
  description: '',
  website: '',
};

/** The fields in page order: the first invalid one gets focus. */
const FIELD_ORDER: readonly FieldPath<HomeLeadFormValues>[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'otherCity',
  'homeAge',
  'urgency',
  'issues',
  'description',
];

export type LeadFormProps = {
  /**
   * 'home' is the shared form of the home, city and service pages (the
   * default); 'contact' is the /contact page's form.
   */
  variant?: 'home' | 'contact';
};

/** The inspection request form, in the page's language; see LeadFormProps for the two variants. */
export function LeadForm({ variant = 'home' }: LeadFormProps) {
  return variant === 'contact' ? <ContactPageForm /> : <HomeLeadForm />;
}

function HomeLeadForm() {
  const { t, i18n } = useLingui();
  // SPEC §8's toasts of this form.
  const text: FormText = {
    successTitle: t`Form submitted successfully!`,
    successDescription: t`We'll contact you within 24 hours to schedule your free assessment.`,
    failureTitle: t`Submission failed`,
    failureFallback: t`Please try again or call us directly.`,
  };
  const submitLabel = t`Get My Free Assessment`;
  const {
    form: { register, watch, trigger },
    id,
    onSubmit,
    pending,
    undelivered,
    errorOf,
  } = useLeadForm({
    schema: homeLeadSchema,
    empty: EMPTY_VALUES,
    text,
    fieldOrder: FIELD_ORDER,
    toRequest: toHomeInspectionRequest,
  });

  // The e-mail fallback is a real mailto link kept up to date with what the
  // visitor typed, so it works as a link (copy, middle-click) too.
  const values = watch();
  const mailtoHref = buildMailtoHref(i18n, values);

  return (
    <div className="lead-form-wrap">
      <form className="lead-form" noValidate onSubmit={onSubmit}>
        <RequiredNote />
        <div className="lead-form__grid">
          <ContactDetailsFields
            id={id}
            register={(name) => register(name)}
            errorOf={errorOf}
            addressClassName="lead-form__field--wide"
            cityPlaceholder={t`Select city`}
            otherCitySelected={values.city === OTHER_CITY.value}
          />
          <SelectField
            id={id('homeAge')}
            label={t`When was your home built?`}
            placeholder={t`Select age range`}
            options={optionsIn(i18n, HOME_AGE_OPTIONS)}
            registration={register('homeAge')}
            error={errorOf('homeAge')}
          />
          <SelectField
            id={id('urgency')}
            label={t`How soon do you need help?`}
            placeholder={t`Select timeline`}
            options={optionsIn(i18n, URGENCY_OPTIONS)}
            registration={register('urgency')}
            error={errorOf('urgency')}
          />
        </div>
        <CheckboxGroup
          id={id('issues')}
          label={t`What issues are you noticing?`}
          required
          options={optionsIn(i18n, HOME_ISSUE_OPTIONS)}
          // Each toggle adds or removes its value; the rule is checked at once.
          registration={register('issues', { onChange: () => void trigger('issues') })}
          error={errorOf('issues')}
        />
        <TextareaField
          id={id('description')}
          label={t`Describe the problem`}
          placeholder={t`Which drains, how often, anything you've already tried…`}
          maxLength={5000}
          registration={register('description')}
          error={errorOf('description')}
        />
        <Honeypot id={id('website')} registration={register('website')} />
        <button type="submit" className="button button--primary lead-form__submit" disabled={pending}>
          {pending ? t`Submitting...` : submitLabel}
        </button>
        {undelivered && <UndeliveredNotice mailtoHref={mailtoHref} buttonLabel={submitLabel} />}
      </form>
      <div className="lead-form__alternatives">
        <p className="lead-form__alternatives-text">
          <Trans>Prefer not to use the form?</Trans>
        </p>
        <div className="button-row">
          <a href={mailtoHref} className="button" onClick={() => void trackConversion('email_fallback')}>
            <Trans>Email us instead</Trans>
          </a>
          <CallLink className="button" />
        </div>
      </div>
    </div>
  );
}
