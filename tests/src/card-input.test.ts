import { describe, expect, it } from 'vitest';
import { CARD_INPUT_MESSAGE, formatCardNumber, formatExpiry, passesLuhn, readCard } from '../../src/lib/card-input';

const NOV_2026 = { year: 2026, month: 11 };

describe('the card form rules', () => {
  it('reads a sandbox card typed in groups, with a two-digit year', () => {
    expect(readCard({ number: '4811 1111 1111 1114', expiry: '12/30', cvv: '123' }, NOV_2026)).toEqual({
      card: { number: '4811111111111114', month: 12, year: 2030, cvv: '123' },
      errors: null,
    });
  });

  it('says what is missing, field by field', () => {
    expect(readCard({ number: '', expiry: ' ', cvv: '' }, NOV_2026).errors).toEqual({
      number: CARD_INPUT_MESSAGE.numberRequired,
      expiry: CARD_INPUT_MESSAGE.expiryRequired,
      cvv: CARD_INPUT_MESSAGE.cvvRequired,
    });
  });

  it('catches a mistyped digit, a month past 12, a short CVV', () => {
    expect(readCard({ number: '4811 1111 1111 1115', expiry: '13/30', cvv: '12' }, NOV_2026).errors).toEqual({
      number: CARD_INPUT_MESSAGE.numberInvalid,
      expiry: CARD_INPUT_MESSAGE.expiryInvalid,
      cvv: CARD_INPUT_MESSAGE.cvvInvalid,
    });
    expect(passesLuhn('4911111111111113')).toBe(true);
    expect(passesLuhn('4911111111111112')).toBe(false);
  });

  it('a card is valid through the month printed on it', () => {
    const card = { number: '4811111111111114', cvv: '1234' };
    expect(readCard({ ...card, expiry: '11/26' }, NOV_2026).errors).toBeNull();
    expect(readCard({ ...card, expiry: '10/26' }, NOV_2026).errors?.expiry).toBe(CARD_INPUT_MESSAGE.expiryPast);
    expect(readCard({ ...card, expiry: '01/2027' }, NOV_2026).card?.year).toBe(2027);
  });

  it('formats while typing: groups of four, BB/TT', () => {
    expect(formatCardNumber('4811-1111a11111114999')).toBe('4811 1111 1111 1114 999');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });
});
