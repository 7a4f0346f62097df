import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Trash2, UserPlus } from 'lucide-react';
import {
  passengerFormTexts,
  selectCanAdd,
  selectCanToggleSelf,
  selectRows,
  selectShowsSameAsFirst,
  type PassengerRowView,
} from '../../../machines/passenger-form.machine';
import { buttonStyles } from '../../components/button-styles';
import type { PassengerFormRef } from '../../flow/booking-children';
import { cx } from '../../lib/cx';
import { sameJson } from './booking-state';
import { CheckboxField, SwitchField, TextField } from '../../components/form-field';

export const SAME_AS_BOOKER = 'Sama dengan pemesan';
export const ADD_PASSENGER = 'Tambah Penumpang';

/** "Kursi 3" when the row follows a seat, else "Penumpang 1". */
export function rowLabel(row: Pick<PassengerRowView, 'label' | 'index'>): string {
  return row.label ?? `Penumpang ${row.index + 1}`;
}

interface PassengerFieldsProps {
  child: PassengerFormRef;
  /** Mobile shows switches, desktop checkboxes (spec section 2). */
  variant: 'mobile' | 'desktop';
  /** Called when "Sama dengan pemesan" is toggled, with its new value (the page keeps the flag). */
  onSelfToggled?: (checked: boolean) => void;
  /**
   * "Tambah Penumpang" on a form whose rows follow seats: more passengers need other seats, so
   * the page asks the booking flow (which confirms "Ubah Penumpang ?"). Without it the button
   * only shows on forms that add rows themselves.
   */
  onChangePassengers?: () => void;
}

/**
 * The names of one leg: the own-details switch, one input per passenger with the form machine's
 * error, a remove button on rows after the first, "Sama dengan penumpang rute pertama" on later
 * connecting legs, and "Tambah Penumpang" (the machine refuses with its toast when it cannot).
 */
export function PassengerFields({ child, variant, onSelfToggled, onChangePassengers }: PassengerFieldsProps) {
  const rows = useSelector(child, selectRows, sameJson);
  const canToggleSelf = useSelector(child, selectCanToggleSelf);
  const selfOn = useSelector(child, (snapshot) => snapshot.context.selfDetails);
  const showsSameAsFirst = useSelector(child, selectShowsSameAsFirst);
  const sameAsFirstOn = useSelector(child, (snapshot) => snapshot.context.sameAsFirst);
  const add = useSelector(child, selectCanAdd, sameJson);
  // The form adds rows itself unless its rows follow seats (then it neither adds nor explains).
  const addsRows = add.canAdd || add.reason !== null;

  const list = useRef<HTMLUListElement>(null);
  // The removed row's button goes away with it: focus moves to the row above first, so it stays
  // in the form (and leaving the form later still saves it).
  const remove = (index: number) => {
    list.current?.querySelectorAll('input')[index - 1]?.focus();
    child.send({ type: 'passenger.remove', index });
  };
  const toggleSameAsFirst = () => child.send({ type: 'sameAsFirst.toggle' });
  const toggleSelf = () => {
    child.send({ type: 'self.toggle' });
    onSelfToggled?.(!selfOn);
  };

  return (
    // The child's id, as a support trace names it: the trace regressions type into it.
    <div className="space-y-3" data-flow-child={child.id}>
      {variant === 'mobile' ? (
        <SwitchField
          label={SAME_AS_BOOKER}
          description={canToggleSelf ? undefined : 'Isi detail pemesan terlebih dahulu'}
          checked={selfOn}
          disabled={!canToggleSelf}
          onToggle={toggleSelf}
        />
      ) : (
        <CheckboxField label={SAME_AS_BOOKER} checked={selfOn} disabled={!canToggleSelf} onToggle={toggleSelf} />
      )}
      {showsSameAsFirst ? (
        variant === 'mobile' ? (
          <SwitchField label={passengerFormTexts.sameAsFirst} checked={sameAsFirstOn} onToggle={toggleSameAsFirst} />
        ) : (
          <CheckboxField label={passengerFormTexts.sameAsFirst} checked={sameAsFirstOn} onToggle={toggleSameAsFirst} />
        )
      ) : null}
      <ul ref={list} className="space-y-3">
        {rows.map((row) => (
          <li key={row.key}>
            <TextField
              label={rowLabel(row)}
              placeholder={row.placeholder}
              autoComplete="off"
              value={row.name}
              error={row.error}
              onValueChange={(value) => child.send({ type: 'passenger.type', index: row.index, value })}
              action={
                row.removable ? (
                  <button
                    type="button"
                    className={cx(buttonStyles.icon, '-my-2 text-danger-700 hover:bg-danger-50')}
                    aria-label={`Hapus ${rowLabel(row)}`}
                    onClick={() => remove(row.index)}
                  >
                    <Trash2 className="size-5" aria-hidden="true" />
                  </button>
                ) : null
              }
            />
          </li>
        ))}
      </ul>
      {addsRows || onChangePassengers ? (
        <button
          type="button"
          className={cx(buttonStyles.secondary, 'w-full')}
          onClick={() => (addsRows ? child.send({ type: 'passenger.add' }) : onChangePassengers?.())}
        >
          <UserPlus className="size-4" aria-hidden="true" />
          {ADD_PASSENGER}
        </button>
      ) : null}
    </div>
  );
}
