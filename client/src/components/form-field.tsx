import {
  cloneElement,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from '../lib/cn.ts';

export const controlClasses = cn(
  'block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-ink shadow-xs',
  'placeholder:text-ink-subtle focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-200',
  'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-subtle',
  'aria-invalid:border-loss aria-invalid:focus:outline-red-200',
);

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  required?: boolean;
};

export type FormFieldProps = {
  label: ReactNode;
  /** Shown under the control in red and linked to it with aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** One control (input, select, textarea); it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlProps>;
};

/** A label, a control, and its hint or error text, wired together for assistive technology. */
export function FormField({ label, error, hint, required, className, children }: FormFieldProps) {
  const autoId = useId();
  const id = children.props.id || autoId;
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required: required ?? children.props.required,
  });
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required && (
          <span className="ml-0.5 text-loss" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {control}
      {hintId && (
        <p id={hintId} className="text-xs text-ink-subtle">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-loss" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(controlClasses, className)} {...rest} />;
}

/** A select; `options` lists its choices by value, shown as `label` names them (or as is). */
export function Select<V extends string | number>({
  className,
  options,
  label = String,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  options?: readonly V[];
  label?: (value: V) => ReactNode;
}) {
  return (
    <select className={cn(controlClasses, 'pr-8', className)} {...rest}>
      {children}
      {options?.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </select>
  );
}

export function Textarea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(controlClasses, 'min-h-28', className)} {...rest} />;
}
