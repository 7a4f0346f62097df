import { assign, setup, type SnapshotFrom } from 'xstate';
import { SOUVENIR_LIMITS } from '../contract/souvenir';

/**
 * The floating souvenir cart (spec section 2, "Souvenir cart"): add, remove by id, clear all
 * (which also closes the cart), and a tutorial hint shown once, the first time something is added.
 * The app keeps its snapshot in local storage, so the cart and the seen hint survive a reload.
 */

/** What the cart keeps of a product: enough to show and order it without asking the server again. */
export interface CartProduct {
  id: number;
  name: string;
  unit: string;
  price: number;
  image: string;
}

export interface CartLine extends CartProduct {
  quantity: number;
}

export interface SouvenirCartContext {
  lines: CartLine[];
  /** Most of one product in a cart (SOUVENIR_LIMITS.quantityMax; tests pass a small one). */
  quantityMax: number;
}

export interface SouvenirCartInput {
  quantityMax?: number;
}

export type SouvenirCartEvent =
  | { type: 'cart.add'; product: CartProduct }
  /** One fewer of a line; the last one stays (removing is "Hapus"). */
  | { type: 'cart.decrease'; id: number }
  | { type: 'cart.remove'; id: number }
  | { type: 'cart.clear' }
  | { type: 'cart.open' }
  | { type: 'cart.close' }
  | { type: 'tutorial.dismiss' };

const quantityOf = (context: SouvenirCartContext, id: number) =>
  context.lines.find((line) => line.id === id)?.quantity ?? 0;

export const souvenirCartMachine = setup({
  types: {
    context: {} as SouvenirCartContext,
    events: {} as SouvenirCartEvent,
    input: {} as SouvenirCartInput,
  },
  guards: {
    canAddMore: ({ context, event }) =>
      event.type === 'cart.add' && quantityOf(context, event.product.id) < context.quantityMax,
    canDecrease: ({ context, event }) => event.type === 'cart.decrease' && quantityOf(context, event.id) > 1,
    inCart: ({ context, event }) => event.type === 'cart.remove' && quantityOf(context, event.id) > 0,
    removesLastLine: ({ context, event }) =>
      event.type === 'cart.remove' && context.lines.length === 1 && context.lines[0]?.id === event.id,
    hasLines: ({ context }) => context.lines.length > 0,
  },
  actions: {
    addOne: assign({
      lines: ({ context, event }) => {
        if (event.type !== 'cart.add') return context.lines;
        const { product } = event;
        return context.lines.some((line) => line.id === product.id)
          ? context.lines.map((line) => (line.id === product.id ? { ...line, quantity: line.quantity + 1 } : line))
          : [...context.lines, { ...product, quantity: 1 }];
      },
    }),
    decreaseOne: assign({
      lines: ({ context, event }) =>
        event.type === 'cart.decrease'
          ? context.lines.map((line) => (line.id === event.id ? { ...line, quantity: line.quantity - 1 } : line))
          : context.lines,
    }),
    removeLine: assign({
      lines: ({ context, event }) =>
        event.type === 'cart.remove' ? context.lines.filter((line) => line.id !== event.id) : context.lines,
    }),
    clearLines: assign({ lines: () => [] }),
  },
}).createMachine({
  id: 'souvenir-cart',
  type: 'parallel',
  context: ({ input }) => ({ lines: [], quantityMax: input.quantityMax ?? SOUVENIR_LIMITS.quantityMax }),
  description: 'The floating oleh-oleh cart: its panel and the once-only tutorial hint run side by side.',
  states: {
    panel: {
      initial: 'closed',
      description: 'The cart panel over the souvenir pages.',
      on: {
        'cart.add': { guard: 'canAddMore', actions: 'addOne' },
        'cart.decrease': { guard: 'canDecrease', actions: 'decreaseOne' },
        'cart.clear': { target: '.closed', actions: 'clearLines' },
      },
      states: {
        closed: {
          description: 'Only the floating cart button shows, with the count, while the cart has lines.',
          on: {
            'cart.open': { guard: 'hasLines', target: 'open' },
            'cart.remove': { guard: 'inCart', actions: 'removeLine' },
          },
        },
        open: {
          description: 'The lines, their total and "Pesan via WhatsApp"; removing the last line closes it.',
          on: {
            'cart.close': 'closed',
            'cart.remove': [
              { guard: 'removesLastLine', target: 'closed', actions: 'removeLine' },
              { guard: 'inCart', actions: 'removeLine' },
            ],
          },
        },
      },
    },
    tutorial: {
      initial: 'unseen',
      description: 'The hint pointing at the floating cart, shown once on this device.',
      states: {
        unseen: {
          description: 'Nothing added yet on this device.',
          on: { 'cart.add': { guard: 'canAddMore', target: 'showing' } },
        },
        showing: {
          description: 'The hint "Keranjang oleh-olehmu ada di sini" next to the cart button.',
          on: { 'tutorial.dismiss': 'seen', 'cart.open': 'seen', 'cart.clear': 'seen' },
        },
        seen: { description: 'Never shown again.' },
      },
    },
  },
});

export type SouvenirCartSnapshot = SnapshotFrom<typeof souvenirCartMachine>;

export const cartCount = (snapshot: SouvenirCartSnapshot): number =>
  snapshot.context.lines.reduce((sum, line) => sum + line.quantity, 0);
export const cartTotal = (snapshot: SouvenirCartSnapshot): number =>
  snapshot.context.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
export const isCartOpen = (snapshot: SouvenirCartSnapshot): boolean => snapshot.matches({ panel: 'open' });
export const isTutorialShowing = (snapshot: SouvenirCartSnapshot): boolean => snapshot.matches({ tutorial: 'showing' });
