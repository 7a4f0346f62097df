import { assign, enqueueActions, setup } from 'xstate';
import {
  BookerNameSchema,
  EmailSchema,
  firstError,
  PhoneSchema,
  typeBookerName,
  typeEmail,
  typePhone,
  type TypingResult,
} from '../contract/fields';
import { VALIDATION_DEBOUNCE_MS } from './constants';
import type { Booker, BookerFormOutput, NavigateEmitted, ToastEmitted } from './types';

/**
 * Booker ("Form Pemesan") details, spec sections 2, 3 and 5. Saving validates every field and
 * saves only when all are valid; the parent stores the output as the customer info.
 */

export type BookerField = keyof Booker;

export interface BookerFormInput {
  /** Prefill from the profile (nama, telp, email); missing fields become empty. */
  initial?: Partial<Booker>;
  /** Desktop shows the form inline, so saving navigates nowhere. Default: the mobile screen. */
  embedded?: boolean;
}

export interface BookerFormContext {
  values: Booker;
  /** Shown under each field; always one of contract `messages`. */
  errors: Record<BookerField, string | null>;
  /** Fields typed into since the last debounced validation. */
  pending: BookerField[];
  embedded: boolean;
}

export type BookerFormEvent =
  | { type: 'booker.type'; field: BookerField; value: string }
  | { type: 'form.save' }
  /** Sent after a reload restored this form: a pending validation waits again. */
  | { type: 'flow.resume' };

const typing: Record<BookerField, (raw: string) => TypingResult> = {
  name: typeBookerName,
  phone: typePhone,
  email: typeEmail,
};

const schemas = { name: BookerNameSchema, phone: PhoneSchema, email: EmailSchema } as const;

const FIELDS: readonly BookerField[] = ['name', 'phone', 'email'];

function fieldError(field: BookerField, value: string): string | null {
  return firstError(schemas[field], value);
}

function isBookerValid(values: Booker): boolean {
  return FIELDS.every((field) => fieldError(field, values[field]) === null);
}

export const bookerFormMachine = setup({
  types: {
    input: {} as BookerFormInput,
    context: {} as BookerFormContext,
    events: {} as BookerFormEvent,
    emitted: {} as NavigateEmitted | ToastEmitted,
    output: {} as BookerFormOutput,
  },
  delays: { validationDebounce: VALIDATION_DEBOUNCE_MS },
  guards: {
    isBookerValid: ({ context }) => isBookerValid(context.values),
  },
  actions: {
    typeField: assign(({ context }, params: { field: BookerField; value: string }) => {
      const typed = typing[params.field](params.value);
      return {
        values: { ...context.values, [params.field]: typed.value },
        errors: { ...context.errors, [params.field]: typed.error },
        pending: [...context.pending.filter((field) => field !== params.field), params.field],
      };
    }),
    validatePending: assign(({ context }) => {
      const errorOf = (field: BookerField) =>
        context.pending.includes(field) ? fieldError(field, context.values[field]) : context.errors[field];
      return { errors: { name: errorOf('name'), phone: errorOf('phone'), email: errorOf('email') }, pending: [] };
    }),
    validateAll: assign(({ context }) => ({
      errors: {
        name: fieldError('name', context.values.name),
        phone: fieldError('phone', context.values.phone),
        email: fieldError('email', context.values.email),
      },
      pending: [],
    })),
    // Spec "Booker form screen": saving stores the customer info and goes back.
    emitBack: enqueueActions(({ context, enqueue }) => {
      if (!context.embedded) enqueue.emit({ type: 'navigate', intent: { kind: 'back', steps: 1 } });
    }),
  },
}).createMachine({
  id: 'booker-form',
  description: 'Booker name, phone and email; saving validates all and saves only valid details.',
  // Profile data passes the same typing filters, so the values always hold what typing could produce.
  context: ({ input }) => ({
    values: {
      name: typeBookerName(input.initial?.name ?? '').value,
      phone: typePhone(input.initial?.phone ?? '').value,
      email: typeEmail(input.initial?.email ?? '').value,
    },
    errors: { name: null, phone: null, email: null },
    pending: [],
    embedded: input.embedded ?? false,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is open; typed fields are validated once typing pauses.',
      initial: 'idle',
      on: {
        'booker.type': {
          // Re-entering `debouncing` restarts the wait on every keystroke.
          target: '.debouncing',
          reenter: true,
          actions: { type: 'typeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        // Saving does not wait for the debounce: every field is checked at once.
        'form.save': [
          { guard: 'isBookerValid', target: 'saved', actions: 'emitBack' },
          { target: '.idle', actions: 'validateAll' },
        ],
      },
      states: {
        idle: { description: 'No typed field waits for validation.' },
        debouncing: {
          description: 'Typed fields are validated once typing pauses.',
          after: { validationDebounce: { target: 'idle', actions: 'validatePending' } },
          // XState does not keep pending delays in a persisted snapshot: the wait starts again.
          on: { 'flow.resume': { target: 'debouncing', reenter: true } },
        },
      },
    },
    saved: {
      description: 'Every field was valid: the booker details are the output.',
      type: 'final',
    },
  },
  output: ({ context }) => ({
    name: context.values.name.trim(),
    phone: context.values.phone,
    email: context.values.email,
  }),
});

type WithContext = { context: BookerFormContext };

export function selectValues({ context }: WithContext): Booker {
  return context.values;
}

export function selectErrors({ context }: WithContext): Record<BookerField, string | null> {
  return context.errors;
}

/** Every field passes its rule (what saving checks), whatever the errors on screen show. */
export function selectIsValid({ context }: WithContext): boolean {
  return isBookerValid(context.values);
}
