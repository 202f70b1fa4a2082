// The account forms' fields: a label, the control and the error under it; a field in error is
// highlighted and tells assistive technology so (aria-invalid, aria-describedby).
import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { SKILL_LEVELS } from '../../../lib/constants';

interface FieldProps {
  label: string;
  error: string | null;
}

function errorProps(id: string, error: string | null) {
  return {
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}

function FieldError({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  );
}

/** A labelled field: its label, the control, and its error under it. */
function LabelledField({ id, label, error, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** What a text field's or a select's control carries: its id, its look, its error state. */
function controlProps(id: string, error: string | null) {
  return { id, className: `field__input${error ? ' field--invalid' : ''}`, ...errorProps(id, error) };
}

/** What a form gives its fields: the values, and what a change, leaving a field and its message
 * are (use-form.ts, and the forms that add the server's word to it). */
export interface FieldsOf<Field extends string> {
  values: Record<Field, string>;
  edit: (field: Field, value: string) => void;
  leave: (field: Field) => void;
  errorOf: (field: Field) => string | null;
}

/** The props that tie a text field or a select to one field of a form. */
export function bound<Field extends string>(form: FieldsOf<Field>, field: Field) {
  return {
    value: form.values[field],
    onChange: (event: { target: { value: string } }) => form.edit(field, event.target.value),
    onBlur: () => form.leave(field),
    error: form.errorOf(field),
  };
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

export function TextField({ label, error, trailing, ...input }: FieldProps & InputProps & { trailing?: ReactNode }) {
  const id = useId();
  return (
    <LabelledField id={id} label={label} error={error}>
      <div className="field__control">
        <input {...controlProps(id, error)} {...input} />
        {trailing}
      </div>
    </LabelledField>
  );
}

/** A password with a button that shows or hides what was typed. */
export function PasswordField(props: FieldProps & Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

interface SelectFieldProps extends FieldProps {
  placeholder: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  onBlur: () => void;
}

export function SelectField({ label, error, placeholder, options, value, onChange, onBlur }: SelectFieldProps) {
  const id = useId();
  return (
    <LabelledField id={id} label={label} error={error}>
      <select {...controlProps(id, error)} value={value} onChange={onChange} onBlur={onBlur}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

interface CheckboxFieldProps {
  label: string;
  error?: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Under the label: links about what is accepted. */
  hint?: ReactNode;
}

export function CheckboxField({ label, error = null, checked, onChange, hint }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        className={error ? 'field--invalid' : undefined}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        {...errorProps(id, error)}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && <p className="field__hint">{hint}</p>}
        <FieldError id={id} error={error} />
      </div>
    </div>
  );
}

type PlaceField = 'country' | 'skill_level';

interface CountryLevelProps {
  countries: readonly { value: string; label: string }[];
  form: FieldsOf<PlaceField>;
}

/** Where a member plays from and how well: the same two fields at registration and in My account. */
export function CountryLevelFields({ countries, form }: CountryLevelProps) {
  return (
    <>
      <SelectField label="Country" placeholder="Your country" options={countries} {...bound(form, 'country')} />
      <SelectField label="Level" placeholder="Your level" options={SKILL_LEVELS} {...bound(form, 'skill_level')} />
    </>
  );
}
