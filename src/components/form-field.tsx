import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../lib/cx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The machine's message for this field, or null. */
  error: string | null;
  /** Extra content on the label's line (a remove button). */
  action?: ReactNode;
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
  /** Classes of the input itself (the one-time code's large centred digits). */
  inputClassName?: string;
  /** Reads a new message out at once (role=alert), for a form whose answer comes from the server. */
  announceError?: boolean;
}

/** A labelled input whose error is read out with it (aria-describedby) and drawn in red under it. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  action,
  hideLabel = false,
  className,
  ref,
  inputClassName,
  announceError = false,
  ...input
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className={cx('flex-1 text-sm font-semibold text-grey-800', hideLabel && 'sr-only')}>
          {label}
        </label>
        {action}
      </div>
      <input
        {...input}
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(
          'hairline mt-1 min-h-11 w-full rounded-card bg-white px-3 text-base text-grey-900 placeholder:text-grey-500',
          'disabled:bg-grey-100 disabled:text-grey-700',
          error ? 'border-danger-600' : 'border-grey-300',
          inputClassName,
        )}
      />
      {error ? (
        <p id={errorId} role={announceError ? 'alert' : undefined} className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A switch (checkbox with the switch role): label on the left, track on the right. */
export function SwitchField({
  label,
  description,
  checked,
  disabled = false,
  onToggle,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={cx('text-sm font-semibold', disabled ? 'text-grey-600' : 'text-grey-900')}>
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-grey-600">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex h-11 w-14 shrink-0 items-center justify-center">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={onToggle}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className={cx(
            'h-7 w-12 rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600',
            checked ? 'bg-primary-600' : 'bg-grey-400',
            disabled && 'opacity-60',
          )}
        />
        <span
          aria-hidden="true"
          className={cx(
            'absolute top-1/2 left-2 size-6 -translate-y-1/2 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </span>
    </div>
  );
}

/** A checkbox with its label beside it, 44 px tall. */
export function CheckboxField({
  label,
  checked,
  disabled = false,
  onToggle,
  children,
}: {
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={onToggle}
        className="mt-3 size-5 shrink-0 accent-primary-600 disabled:cursor-not-allowed"
      />
      <div className="min-w-0 flex-1 py-2.5 text-sm">
        <label htmlFor={id} className={cx(disabled ? 'text-grey-600' : 'text-grey-900')}>
          {label}
        </label>
        {children}
      </div>
    </div>
  );
}

/** A card section with a heading; `field` marks where validation scrolls to. */
export function Card({
  title,
  titleId,
  action,
  children,
  field,
  className,
  as: Tag = 'section',
}: {
  title: ReactNode;
  titleId: string;
  action?: ReactNode;
  children: ReactNode;
  field?: string;
  className?: string;
  as?: 'section' | 'div';
}) {
  return (
    <Tag
      aria-labelledby={titleId}
      data-booking-field={field}
      className={cx('hairline rounded-card border-grey-200 bg-white p-4', className)}
    >
      <div className="flex items-center gap-2">
        <h2 id={titleId} className="flex-1 text-base font-bold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </Tag>
  );
}

/** Grey shimmering block for content still loading. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx('block animate-pulse rounded bg-grey-200', className)} />;
}
