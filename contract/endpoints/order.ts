import { get, post } from '../endpoint';
import * as order from '../order';

export const orderEndpoints = {
  detailReservasi: get('/detail-reservasi', order.DetailReservasiQuerySchema, order.OrderDetailSchema),
  /** Rate limited per client and per code; one refusal for an unknown code and a wrong contact. */
  webDetailReservasi: get(
    '/web-detail-reservasi',
    order.WebDetailReservasiQuerySchema,
    order.WebDetailReservasiResultsSchema,
  ),
  batalReservasi: post('/batal-reservasi', order.BatalReservasiBodySchema, order.BatalReservasiResultsSchema),
} as const;
