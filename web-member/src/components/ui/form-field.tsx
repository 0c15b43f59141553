import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'children'
> {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The message of the rule the value breaks (shown under the field and announced with it). */
  error?: string | null;
  hint?: string;
  /** Shown beside the label of a field that may stay empty. */
  optionalLabel?: string;
  /** Rendered after the input on the same row (e.g. the captcha image). */
  addon?: ReactNode;
}

/** A labelled input with its hint and error tied to it (`aria-describedby`, `aria-invalid`). */
export function TextField({
  label,
  name,
  value,
  onValueChange,
  error,
  hint,
  optionalLabel,
  addon,
  type = 'text',
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {optionalLabel ? <span className="field__optional"> {optionalLabel}</span> : null}
      </label>
      <div className="field__control">
        <input
          {...input}
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
