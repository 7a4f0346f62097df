import type { z } from 'zod';
import { pointsEndpoints } from './endpoints/points';
import { schedulesEndpoints } from './endpoints/schedules';
import { bookingEndpoints } from './endpoints/booking';
import { paymentEndpoints } from './endpoints/payment';
import { orderEndpoints } from './endpoints/order';
import { accountEndpoints } from './endpoints/account';
import { souvenirEndpoints } from './endpoints/souvenir';
import { contentEndpoints } from './endpoints/content';
import { flashsaleEndpoints } from './endpoints/flashsale';
import { supportEndpoints } from './endpoints/support';

/**
 * Every call the API serves: the server reads this table. Each area's calls live in
 * `endpoints/<area>.ts`, so the app builds only the schemas of the calls a page makes (see
 * `src/api/client.ts`).
 */
export const endpoints = {
  ...pointsEndpoints,
  ...schedulesEndpoints,
  ...bookingEndpoints,
  ...paymentEndpoints,
  ...orderEndpoints,
  ...accountEndpoints,
  ...souvenirEndpoints,
  ...contentEndpoints,
  ...flashsaleEndpoints,
  ...supportEndpoints,
} as const;

export type EndpointName = keyof typeof endpoints;
export type EndpointInput<N extends EndpointName> = z.input<(typeof endpoints)[N]['input']>;
export type EndpointParsedInput<N extends EndpointName> = z.output<(typeof endpoints)[N]['input']>;
export type EndpointResults<N extends EndpointName> = z.output<(typeof endpoints)[N]['results']>;
