import { Check } from 'lucide-react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { PaymentMethod } from '../../../contract/payment';
import { cx } from '../../lib/cx';
import { feeText, groupMethods, PAYMENT_TEXT } from './payment-texts';

interface MethodChooserProps {
  methods: readonly PaymentMethod[];
  chosen: string | null;
  onChoose: (code: string) => void;
  /** While "Bayar" is on its way the choice cannot change. */
  disabled?: boolean;
}

/**
 * The methods grouped by grup, each with its fee: one radio group (one tab stop, arrows move,
 * Space selects), with a heading per group. A method a voucher binds out is shown disabled.
 */
export function MethodChooser({ methods, chosen, onChoose, disabled = false }: MethodChooserProps) {
  return (
    <RadioGroup
      value={chosen}
      onChange={onChoose}
      isDisabled={disabled}
      className="flex flex-col gap-4"
      aria-describedby={undefined}
    >
      <Label className="text-base font-bold">{PAYMENT_TEXT.methods}</Label>
      {groupMethods(methods).map(({ group, methods: list }) => (
        <div key={group} role="group" aria-label={group} className="flex flex-col gap-2">
          <p aria-hidden="true" className="text-sm font-semibold text-grey-700">
            {group}
          </p>
          {list.map((method) => (
            <Radio
              key={method.kode}
              value={method.kode}
              isDisabled={!method.tersedia}
              className={({ isSelected, isDisabled, isFocusVisible }) =>
                cx(
                  'hairline flex min-h-14 cursor-pointer items-center gap-3 rounded-card bg-white px-4 py-3 transition-colors',
                  isSelected ? 'border-primary-600 bg-primary-50' : 'border-grey-200 hover:bg-grey-50',
                  isDisabled && 'cursor-not-allowed bg-grey-50 text-grey-600',
                  isFocusVisible && 'outline-2 outline-offset-2 outline-primary-600',
                )
              }
            >
              {({ isSelected }) => (
                <>
                  <span
                    aria-hidden="true"
                    className={cx(
                      'flex size-5 shrink-0 items-center justify-center rounded-full border-2',
                      isSelected ? 'border-primary-600 bg-primary-600 text-white' : 'border-grey-400 bg-white',
                    )}
                  >
                    {isSelected ? <Check className="size-3" strokeWidth={3} /> : null}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-semibold">{method.nama}</span>
                    <span className="block text-xs text-grey-700">
                      {method.tersedia ? feeText(method) : PAYMENT_TEXT.unavailable}
                    </span>
                  </span>
                </>
              )}
            </Radio>
          ))}
        </div>
      ))}
    </RadioGroup>
  );
}
