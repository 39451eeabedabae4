import type { FieldPath } from 'react-hook-form';
import { CallLink } from '@/components/CallLink';
import { trackConversion } from '@/lib/analytics';
import { buildMailtoHref } from '../mailto';
import { HOME_AGE_OPTIONS, HOME_ISSUE_OPTIONS, OTHER_CITY, URGENCY_OPTIONS } from '../options';
import { toHomeInspectionRequest } from '../payload';
import { homeLeadSchema, type HomeLeadFormValues } from '../schema';
import { ContactPageForm } from './ContactPageForm';
import { ContactDetailsFields } from './ContactDetailsFields';
import { CheckboxGroup, Honeypot, RequiredNote, SelectField, TextareaField, UndeliveredNotice } from './fields';
import { useLeadForm } from './use-lead-form';

export const HOME_FORM_TEXT = {
  successTitle: 'Form submitted successfully!',
  successDescription: "We'll contact you within 24 hours to schedule your free assessment.",
  failureTitle: 'Submission failed',
  failureFallback: 'Please try again or call us directly.',
} as const;

const SUBMIT_LABEL = 'Get My Free Assessment';

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

/** The inspection request form; see LeadFormProps for the two variants. */
export function LeadForm({ variant = 'home' }: LeadFormProps) {
  return variant === 'contact' ? <ContactPageForm /> : <HomeLeadForm />;
}

function HomeLeadForm() {
  const {
    form: {
      register,
      watch,
      trigger,
      formState: { errors },
    },
    id,
    onSubmit,
    pending,
    undelivered,
  } = useLeadForm({
    schema: homeLeadSchema,
    empty: EMPTY_VALUES,
    text: HOME_FORM_TEXT,
    fieldOrder: FIELD_ORDER,
    toRequest: toHomeInspectionRequest,
  });

  // The e-mail fallback is a real mailto link kept up to date with what the
  // visitor typed, so it works as a link (copy, middle-click) too.
  const values = watch();
  const mailtoHref = buildMailtoHref(values);

  return (
    <div className="lead-form-wrap">
      <form className="lead-form" noValidate onSubmit={onSubmit}>
        <RequiredNote />
        <div className="lead-form__grid">
          <ContactDetailsFields
            id={id}
            register={(name) => register(name)}
            errors={errors}
            addressClassName="lead-form__field--wide"
            cityPlaceholder="Select city"
            otherCitySelected={values.city === OTHER_CITY.value}
          />
          <SelectField
            id={id('homeAge')}
            label="When was your home built?"
            placeholder="Select age range"
            options={HOME_AGE_OPTIONS}
            registration={register('homeAge')}
            error={errors.homeAge?.message}
          />
          <SelectField
            id={id('urgency')}
            label="How soon do you need help?"
            placeholder="Select timeline"
            options={URGENCY_OPTIONS}
            registration={register('urgency')}
            error={errors.urgency?.message}
          />
        </div>
        <CheckboxGroup
          id={id('issues')}
          label="What issues are you noticing?"
          required
          options={HOME_ISSUE_OPTIONS}
          // Each toggle adds or removes its value; the rule is checked at once.
          registration={register('issues', { onChange: () => void trigger('issues') })}
          error={errors.issues?.message}
        />
        <TextareaField
          id={id('description')}
          label="Describe the problem"
          placeholder="Which drains, how often, anything you've already tried…"
          maxLength={5000}
          registration={register('description')}
          error={errors.description?.message}
        />
        <Honeypot id={id('website')} registration={register('website')} />
        <button type="submit" className="button button--primary lead-form__submit" disabled={pending}>
          {pending ? 'Submitting...' : SUBMIT_LABEL}
        </button>
        {undelivered && <UndeliveredNotice mailtoHref={mailtoHref} buttonLabel={SUBMIT_LABEL} />}
      </form>
      <div className="lead-form__alternatives">
        <p className="lead-form__alternatives-text">Prefer not to use the form?</p>
        <div className="button-row">
          <a href={mailtoHref} className="button" onClick={() => void trackConversion('email_fallback')}>
            Email us instead
          </a>
          <CallLink className="button" />
        </div>
      </div>
    </div>
  );
}
