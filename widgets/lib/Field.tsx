/**
 * A labelled input or textarea with its error message wired for screen
 * readers (aria-invalid + aria-describedby). Uncontrolled: what the visitor
 * typed stays in the DOM through errors, failed sends and hydration.
 */
import type { FieldCopy } from './copy.ts';

interface FieldProps {
  id: string;
  name: string;
  copy: FieldCopy;
  error?: string;
  type?: 'text' | 'email' | 'password';
  rows?: number;
  maxLength?: number;
  minLength?: number;
  required?: boolean;
  autoComplete?: string;
}

export function Field({ id, name, copy, error, type = 'text', rows, maxLength, minLength, required, autoComplete }: FieldProps) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    placeholder: copy.placeholder,
    maxLength,
    minLength,
    required,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{copy.label}</label>
      {rows ? <textarea rows={rows} {...common} /> : <input type={type} {...common} />}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
