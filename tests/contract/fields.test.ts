import { describe, expect, it } from 'vitest';
import {
  BookerNameSchema,
  EmailSchema,
  PassengerNameSchema,
  PhoneSchema,
  firstError,
  typeBookerName,
  typeDonationMessage,
  typeEmail,
  typePassengerName,
  typePhone,
} from '../../contract/fields';

describe('passenger name (spec section 5)', () => {
  it.each([
    ['', 'Harap isi'],
    ['   ', 'Harap isi'],
    ['Budi1', 'Hanya abjad yang boleh digunakan'],
    ['Al', 'Masukan min 3 karakter, maksimal 32 karakter'],
    ['A'.repeat(33), 'Masukan min 3 karakter, maksimal 32 karakter'],
    [undefined, 'Harap isi nama penumpang'],
  ])('%j -> %s', (value, message) => {
    expect(firstError(PassengerNameSchema, value)).toBe(message);
  });

  it('accepts letters and spaces from 3 to 32', () => {
    expect(firstError(PassengerNameSchema, 'Siti Nurhaliza')).toBeNull();
    expect(firstError(PassengerNameSchema, 'Ani')).toBeNull();
    expect(firstError(PassengerNameSchema, 'A'.repeat(32))).toBeNull();
  });

  it('while typing: empty clears, non-letters are stripped, over 32 is cut', () => {
    expect(typePassengerName('')).toEqual({ value: '', error: null });
    expect(typePassengerName('Budi 2')).toEqual({ value: 'Budi ', error: 'Hanya abjad yang boleh digunakan' });
    expect(typePassengerName('B'.repeat(35))).toEqual({
      value: 'B'.repeat(32),
      error: 'Masukan maksimal 32 digit abjad',
    });
    expect(typePassengerName('Budi')).toEqual({ value: 'Budi', error: null });
  });
});

describe('booker (spec section 5)', () => {
  it('name: required, letters only, max 32', () => {
    expect(firstError(BookerNameSchema, '')).toBe('Harap isi');
    expect(firstError(BookerNameSchema, 'Budi!')).toBe('Hanya abjad yang boleh digunakan');
    expect(firstError(BookerNameSchema, 'B'.repeat(33))).toBe('Jumlah maksimal 32 karakter');
    expect(firstError(BookerNameSchema, 'Budi Santoso')).toBeNull();
    expect(typeBookerName('B'.repeat(40))).toEqual({ value: 'B'.repeat(32), error: 'Jumlah maksimal 32 karakter' });
  });

  it('email: required, valid format, stripped to its alphabet, max 32', () => {
    expect(firstError(EmailSchema, '')).toBe('Harap isi');
    expect(firstError(EmailSchema, 'budi@')).toBe('Format email tidak valid');
    expect(firstError(EmailSchema, 'budi.example.com')).toBe('Format email tidak valid');
    expect(firstError(EmailSchema, 'budi_s-1@mail.co.id')).toBeNull();
    expect(typeEmail('bu di+x@mail!.com')).toEqual({ value: 'budix@mail.com', error: null });
    expect(typeEmail(`${'a'.repeat(40)}@x.id`).value).toHaveLength(32);
  });

  it('phone: digits only, 9 to 15, the 16th digit trimmed', () => {
    expect(firstError(PhoneSchema, '')).toBe('Harap isi');
    expect(firstError(PhoneSchema, '0812-345')).toBe('Hanya angka yang boleh digunakan');
    expect(firstError(PhoneSchema, '08123')).toBe('Masukan min 9 & max 15 digit angka');
    expect(firstError(PhoneSchema, '0'.repeat(16))).toBe('Jumlah maksimal 15 digit angka');
    expect(firstError(PhoneSchema, '081234567890')).toBeNull();
    expect(typePhone('0812a')).toEqual({ value: '0812', error: 'Hanya angka yang boleh digunakan' });
    expect(typePhone('1'.repeat(16))).toEqual({ value: '1'.repeat(15), error: null });
    expect(typePhone('1'.repeat(17))).toEqual({ value: '1'.repeat(15), error: 'Jumlah maksimal 15 digit angka' });
  });

  it('donation message: cut at 120 with its message', () => {
    expect(typeDonationMessage('a'.repeat(121))).toEqual({
      value: 'a'.repeat(120),
      error: 'Maksimal karakter hanya 120',
    });
    expect(typeDonationMessage('Semoga berkah')).toEqual({ value: 'Semoga berkah', error: null });
  });
});
