import { EDITOR_HEIGHT, RichTextEditor } from '@/components/staff/rich-text-editor';
import type { ContentType } from '../utils/content-items';

type ContentBodyFieldProps = {
  id: string;
  /** The id of the field's visible label. */
  labelId: string;
  type: ContentType;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Receives something focusable, so the form can focus the field when it is invalid. */
  focusRef?: (target: { focus: () => void } | null) => void;
  invalid: boolean;
  describedBy?: string;
};

/**
 * The content itself: the staff area's rich-text editor for HTML items (at
 * SPEC §9's block height), a plain textarea for text items, so plain text
 * never picks up markup.
 */
export function ContentBodyField({ id, labelId, type, value, onChange, onBlur, focusRef, invalid, describedBy }: ContentBodyFieldProps) {
  if (type === 'html') {
    return (
      <RichTextEditor
        id={id}
        ref={focusRef}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        invalid={invalid}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        height={EDITOR_HEIGHT.block}
      />
    );
  }
  return (
    <textarea
      id={id}
      ref={focusRef}
      name="content"
      rows={8}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      aria-labelledby={labelId}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    />
  );
}

/**
 * The field's label: a <label> for the textarea; for the rich-text editor
 * (not a form control a label can point at) text that names it by id.
 */
export function ContentBodyLabel({ id, htmlFor, type, label = 'Content' }: { id: string; htmlFor: string; type: ContentType; label?: string }) {
  if (type === 'html') {
    return (
      <span id={id} className="content-form__label">
        {label}
      </span>
    );
  }
  return (
    <label id={id} htmlFor={htmlFor}>
      {label}
    </label>
  );
}
