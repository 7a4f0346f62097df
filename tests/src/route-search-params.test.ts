import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Route as RootRoute } from '../../src/routes/__root';
import { Route as ChangeFormRoute } from '../../src/routes/app-m-web/change-form';
import { Route as DetailScheduleStandaloneRoute } from '../../src/routes/app/detail-schedule-standalone';
import { Route as InformationPassengersRoute } from '../../src/routes/app/information-passengers';
import { Route as LoginRoute } from '../../src/routes/app/login';
import { Route as NoSeatPassengersRoute } from '../../src/routes/app/m-information-passengers-without-no-select-seat.{-$return}';
import { Route as MapsRoute } from '../../src/routes/app/maps';
import { Route as SouvenirRoute } from '../../src/routes/app/oleh-oleh/index';
import { Route as PaymentUrlRoute } from '../../src/routes/app/payment-url';
import { Route as ScheduleRoute } from '../../src/routes/app/schedule.{-$return}';
import { Route as ChangeViewRoute } from '../../src/routes/app/schedule.{-$return}/change-view-schedule';
import { Route as PartnerDetailRoute } from '../../src/routes/app/schedule.{-$return}/detail-schedule-by-patner';
import { Route as DetailScheduleRoute } from '../../src/routes/app/schedule.{-$return}/detail-schedule';
import { Route as SelectSeatRoute } from '../../src/routes/app/select-seat.{-$return}';
import { Route as TermsStandaloneRoute } from '../../src/routes/app/terms-condition-standalone';
import { Route as TiketBusRoute } from '../../src/routes/tiket-bus.{-$return}';

/**
 * Every route's URL search params go through its validateSearch: whatever a link, a bookmark or
 * an attacker puts there, it answers a value (a fallback where the input is junk) and never
 * throws, since a throw would leave the page without its screen.
 */

type Validator = (input: Record<string, unknown>) => unknown;

interface StandardSchema {
  '~standard': {
    validate: (value: unknown) => { value?: unknown; issues?: readonly unknown[] } | Promise<unknown>;
  };
}

/** The route's validateSearch as one function that throws as the router would. */
function validatorOf(option: unknown): Validator {
  if (typeof option === 'function') return option as Validator;
  if (option && typeof option === 'object' && '~standard' in option) {
    const schema = option as StandardSchema;
    return (input) => {
      const result = schema['~standard'].validate(input);
      if (result instanceof Promise) throw new Error('validateSearch must be synchronous');
      if (result.issues) throw new Error(`search params refused: ${JSON.stringify(result.issues).slice(0, 500)}`);
      return result.value;
    };
  }
  throw new Error('unknown validateSearch shape');
}

function keysOf(option: unknown): string[] {
  const shape = (option as { shape?: Record<string, unknown> } | null)?.shape;
  return shape ? Object.keys(shape) : [];
}

const routes = {
  '/ (root)': RootRoute,
  '/app-m-web/change-form': ChangeFormRoute,
  '/app/detail-schedule-standalone': DetailScheduleStandaloneRoute,
  '/app/information-passengers': InformationPassengersRoute,
  '/app/login': LoginRoute,
  '/app/m-information-passengers-without-no-select-seat/{-$return}': NoSeatPassengersRoute,
  '/app/maps': MapsRoute,
  '/app/oleh-oleh/': SouvenirRoute,
  '/app/payment-url': PaymentUrlRoute,
  '/app/schedule/{-$return}': ScheduleRoute,
  '/app/schedule/{-$return}/change-view-schedule': ChangeViewRoute,
  '/app/schedule/{-$return}/detail-schedule-by-patner': PartnerDetailRoute,
  '/app/schedule/{-$return}/detail-schedule': DetailScheduleRoute,
  '/app/select-seat/{-$return}': SelectSeatRoute,
  '/app/terms-condition-standalone': TermsStandaloneRoute,
  '/tiket-bus/{-$return}': TiketBusRoute,
} as const;

const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '9'.repeat(40),
    '__proto__',
    'constructor',
    '\u0000',
    '\uD800',
    '\u202Eevil',
    '😀👨‍👩‍👧',
    'javascript:alert(1)',
    '//evil.example',
    'https://evil.example/',
    '2026-02-30',
    '9999-12-31',
    'kota',
    'cabang',
    '1',
    '0',
    'true',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.integer({ min: 1000, max: 50_000 }).map((n) => 'x'.repeat(n)),
);

const hostileParam: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    { arbitrary: hostileText, weight: 5 },
    { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 1, 1e308)), weight: 2 },
    { arbitrary: fc.constantFrom(true, false, null, undefined), weight: 1 },
    // A key repeated in the URL arrives as an array.
    { arbitrary: fc.array(tie('v'), { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.dictionary(hostileText, tie('v'), { maxKeys: 3 }), weight: 1 },
  ),
})).v;

describe.each(Object.entries(routes))('search params of %s', (_, route) => {
  const option: unknown = route.options.validateSearch;
  const validate = validatorOf(option);
  const keys = [...keysOf(option), 'redirect', 'auth', 'asal_id', 'tanggal_berangkat', 'page', 'view', 'x'];

  it('never throws on generated junk, and what it answers it accepts again unchanged', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(fc.constantFrom(...keys), hostileText, fc.constant('__proto__')), hostileParam, {
          maxKeys: 8,
        }),
        (search) => {
          const value = validate(search);
          expect(value).toBeTypeOf('object');
          expect(value).not.toBeNull();
          // The page reads the validated value; feeding it back changes nothing (a stable fallback).
          expect(validate(value as Record<string, unknown>)).toEqual(value);
          // Prototype pollution through `__proto__` never reaches plain objects.
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers its fallback for an empty search', () => {
    expect(() => validate({})).not.toThrow();
  });
});
