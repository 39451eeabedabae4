import '@/locales/lead-form/en';
import { useLingui } from '@lingui/react/macro';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CITY_CHOICES, optionsIn } from '../options';
import { SelectField, TextField } from './fields';

/** The contact details both forms ask for, under the same names. */
export type ContactDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  otherCity: string;
};

type Name = keyof ContactDetails;

type Props = {
  /** Builds a field's element id from its name. */
  id: (name: Name) => string;
  /** The form's register, for these names. */
  register: (name: Name) => UseFormRegisterReturn;
  /** A field's error in the page's language, if it has one. */
  errorOf: (name: Name) => string | undefined;
  /** Extra class of the address field (the home form spans it wide). */
  addressClassName?: string;
  cityPlaceholder: string;
  /** 'Other nearby city' is chosen: show the box to type the town in. */
  otherCitySelected: boolean;
};

/** Name, e-mail, phone, address and city, shared by the home and /contact forms, in the page's language. */
export function ContactDetailsFields({ id, register, errorOf, addressClassName, cityPlaceholder, otherCitySelected }: Props) {
  const { t, i18n } = useLingui();
  return (
    <>
      <TextField id={id('firstName')} label={t`First name`} required autoComplete="given-name" maxLength={100}
        registration={register('firstName')} error={errorOf('firstName')} />
      <TextField id={id('lastName')} label={t`Last name`} required autoComplete="family-name" maxLength={100}
        registration={register('lastName')} error={errorOf('lastName')} />
      <TextField id={id('email')} label={t`Email`} type="email" required autoComplete="email" maxLength={254}
        registration={register('email')} error={errorOf('email')} />
      <TextField id={id('phone')} label={t`Phone`} type="tel" required autoComplete="tel" maxLength={40}
        registration={register('phone')} error={errorOf('phone')} />
      <TextField id={id('address')} label={t`Street address`} className={addressClassName} autoComplete="address-line1"
        maxLength={300} registration={register('address')} error={errorOf('address')} />
      <SelectField id={id('city')} label={t`City`} placeholder={cityPlaceholder} options={optionsIn(i18n, CITY_CHOICES)}
        registration={register('city')} error={errorOf('city')} />
      {otherCitySelected && (
        <TextField id={id('otherCity')} label={t`Your city or town`} autoComplete="address-level2" maxLength={100}
          registration={register('otherCity')} error={errorOf('otherCity')} />
      )}
    </>
  );
}
