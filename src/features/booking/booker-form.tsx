import { useEffect, type FocusEvent } from 'react';
import { useSelector } from '@xstate/react';
import { selectErrors, selectValues, type BookerField } from '../../../machines/booker-form.machine';
import { childId } from '../../../machines/booking-children';
import { useBookingActor } from '../../flow/app-flow';
import { useAttachChild, type BookerFormRef } from '../../flow/booking-children';
import { sameJson, useBookingContext, useRunningBookerForm } from './booking-state';
import { TextField } from '../../components/form-field';

const FIELDS: ReadonlyArray<{
  field: BookerField;
  label: string;
  placeholder: string;
  type: 'text' | 'tel' | 'email';
  autoComplete: string;
  inputMode?: 'numeric' | 'email';
}> = [
  { field: 'name', label: 'Nama Lengkap', placeholder: 'Masukan Nama Lengkap', type: 'text', autoComplete: 'name' },
  {
    field: 'phone',
    label: 'Nomor Handphone',
    placeholder: 'Contoh: 081234567890',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'numeric',
  },
  {
    field: 'email',
    label: 'Email',
    placeholder: 'Contoh: nama@email.com',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
];

/** Name, phone and email of the running booker form; every keystroke goes to the form's machine. */
export function BookerFields({ child }: { child: BookerFormRef }) {
  const values = useSelector(child, selectValues, sameJson);
  const errors = useSelector(child, selectErrors, sameJson);
  return (
    // The child's id, as a support trace names it: the trace regressions type into it.
    <div className="grid gap-3 desktop:grid-cols-2" data-flow-child={child.id}>
      {FIELDS.map((item) => (
        <TextField
          key={item.field}
          className={item.field === 'name' ? 'desktop:col-span-2' : undefined}
          label={item.label}
          placeholder={item.placeholder}
          type={item.type}
          inputMode={item.inputMode}
          autoComplete={item.autoComplete}
          value={values[item.field]}
          error={errors[item.field]}
          onValueChange={(value) => child.send({ type: 'booker.type', field: item.field, value })}
        />
      ))}
    </div>
  );
}

/** The stored details while the inline form restarts (one frame after a save). */
function StoredBookerFields() {
  const booker = useBookingContext((context) => context.booker);
  return (
    <div className="grid gap-3 desktop:grid-cols-2">
      {FIELDS.map((item) => (
        <TextField
          key={item.field}
          className={item.field === 'name' ? 'desktop:col-span-2' : undefined}
          label={item.label}
          value={booker[item.field]}
          error={null}
          disabled
          onValueChange={() => undefined}
        />
      ))}
    </div>
  );
}

/**
 * The profile prefill (signed in, spec section 4) can land after the form opened empty: an
 * untouched form starts again from the stored details, so the customer sees them.
 */
export function useBookerPrefill(child: BookerFormRef | undefined): void {
  const booking = useBookingActor();
  const booker = useBookingContext((context) => context.booker);
  useEffect(() => {
    if (!child) return;
    const { values } = child.getSnapshot().context;
    const untouched = values.name === '' && values.phone === '' && values.email === '';
    const stored = booker.name !== '' || booker.phone !== '' || booker.email !== '';
    if (!untouched || !stored) return;
    booking.send({ type: 'child.close', id: childId({ kind: 'bookerForm' }) });
    booking.send({ type: 'child.attach', request: { kind: 'bookerForm' } });
  }, [booking, booker, child]);
}

/** True when focus leaves the element (not when it moves between its own fields). */
export function isLeaving(event: FocusEvent<HTMLElement>): boolean {
  return !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget));
}

/**
 * Desktop "Informasi Pemesan": the booker form inline. Desktop has no "Simpan" for it, so leaving
 * the form saves it; the form's machine keeps only valid details and shows what is wrong.
 */
export function BookerInline() {
  const child = useRunningBookerForm();
  useAttachChild({ kind: 'bookerForm' }, child !== undefined);
  useBookerPrefill(child);
  return (
    <div
      onBlur={(event) => {
        if (child && isLeaving(event)) child.send({ type: 'form.save' });
      }}
    >
      {child ? <BookerFields child={child} /> : <StoredBookerFields />}
    </div>
  );
}
