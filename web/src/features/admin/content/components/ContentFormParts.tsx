// What the Site Content create and edit forms are both made of: the page
// frame, the description and content fields, and the fields' ids.
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import type { ContentType } from '../utils/content-items';
import { ContentBodyField, ContentBodyLabel } from './ContentBodyField';

export function FormFrame({ title, prompt, children }: { title: string; prompt?: ReactNode; children: ReactNode }) {
  return (
    <div className="content-tab">
      <nav aria-label="Breadcrumb" className="content-breadcrumb">
        <Link to="/admin/content">Site Content</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{title}</span>
      </nav>
      <div className="admin-card content-form-card">
        <h1 id="content-form-title" className="content-form__title">
          {title}
        </h1>
        {children}
      </div>
      {prompt}
    </div>
  );
}

/**
 * The content field of both forms: the rich-text editor for html items, a
 * textarea for text, labelled, with its error. `remountOnType` starts the
 * field afresh when the create form's type changes.
 */
export function ContentInput<T extends { content: string }>({
  control,
  type,
  ids,
  error,
  remountOnType = false,
  label,
}: {
  control: Control<T>;
  type: ContentType;
  ids: ContentFieldIds;
  error: string | undefined;
  remountOnType?: boolean;
  /** The field's name on screen ('Content' by default). */
  label?: string;
}) {
  return (
    <div className="staff-field">
      <ContentBodyLabel id={ids.contentLabel} htmlFor={ids.content} type={type} label={label} />
      <Controller
        control={control}
        name={'content' as FieldPath<T>}
        render={({ field, fieldState }) => (
          <ContentBodyField
            key={remountOnType ? type : undefined}
            id={ids.content}
            labelId={ids.contentLabel}
            type={type}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            focusRef={field.ref}
            invalid={fieldState.invalid}
            describedBy={describedBy(fieldState.error && ids.contentError)}
          />
        )}
      />
      <FieldError id={ids.contentError} message={error} announce />
    </div>
  );
}

/** The item's category, from `options` (creating and editing alike). */
export function CategoryField({
  ids,
  input,
  options,
  error,
}: {
  ids: Record<'category' | 'categoryError', string>;
  input: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  error: string | undefined;
}) {
  return (
    <div className="staff-field">
      <label htmlFor={ids.category}>Category</label>
      <select id={ids.category} aria-invalid={error ? true : undefined} aria-describedby={describedBy(error && ids.categoryError)} {...input}>
        {options.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.categoryError} message={error} announce />
    </div>
  );
}

/** The item's note for staff: where the text appears (creating and editing alike). */
export function DescriptionField({
  ids,
  input,
  error,
}: {
  ids: Record<'description' | 'descriptionHint' | 'descriptionError', string>;
  input: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <div className="staff-field">
      <label htmlFor={ids.description}>
        Description <span className="content-form__optional">(optional)</span>
      </label>
      <input
        id={ids.description}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids.descriptionHint, error && ids.descriptionError)}
        {...input}
      />
      <p id={ids.descriptionHint} className="staff-field__hint">
        Where the text appears, so others can find it, for example “Headline at the top of the home page”.
      </p>
      <FieldError id={ids.descriptionError} message={error} announce />
    </div>
  );
}

export type ContentFieldIds = ReturnType<typeof useContentFieldIds>;

export function useContentFieldIds() {
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  return {
    key: id('key'),
    keyHint: id('key-hint'),
    keyError: id('key-error'),
    category: id('category'),
    categoryError: id('category-error'),
    typeError: id('type-error'),
    description: id('description'),
    descriptionHint: id('description-hint'),
    descriptionError: id('description-error'),
    content: id('content'),
    contentLabel: id('content-label'),
    contentError: id('content-error'),
    saveHint: id('save-hint'),
  };
}
