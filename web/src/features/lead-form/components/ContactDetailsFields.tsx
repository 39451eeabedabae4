import type { UseFormRegisterReturn } from 'react-hook-form';
import { CITY_CHOICES } from '../options';
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
  errors: Partial<Record<Name, { message?: string | undefined } | undefined>>;
  /** Extra class of the address field (the home form spans it wide). */
  addressClassName?: string;
  cityPlaceholder: string;
  /** 'Other nearby city' is chosen: show the box to type the town in. */
  otherCitySelected: boolean;
};

/** Name, e-mail, phone, address and city, shared by the home and /contact forms. */
export function ContactDetailsFields({ id, register, errors, addressClassName, cityPlaceholder, otherCitySelected }: Props) {
  return (
    <>
      <TextField id={id('firstName')} label="First name" required autoComplete="given-name" maxLength={100}
        registration={register('firstName')} error={errors.firstName?.message} />
      <TextField id={id('lastName')} label="Last name" required autoComplete="family-name" maxLength={100}
        registration={register('lastName')} error={errors.lastName?.message} />
      <TextField id={id('email')} label="Email" type="email" required autoComplete="email" maxLength={254}
        registration={register('email')} error={errors.email?.message} />
      <TextField id={id('phone')} label="Phone" type="tel" required autoComplete="tel" maxLength={40}
        registration={register('phone')} error={errors.phone?.message} />
      <TextField id={id('address')} label="Street address" className={addressClassName} autoComplete="address-line1"
        maxLength={300} registration={register('address')} error={errors.address?.message} />
      <SelectField id={id('city')} label="City" placeholder={cityPlaceholder} options={CITY_CHOICES}
        registration={register('city')} error={errors.city?.message} />
      {otherCitySelected && (
        <TextField id={id('otherCity')} label="Your city or town" autoComplete="address-level2" maxLength={100}
          registration={register('otherCity')} error={errors.otherCity?.message} />
      )}
    </>
  );
}
