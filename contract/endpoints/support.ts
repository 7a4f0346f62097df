import { get, post, noInput } from '../endpoint';
import { PREFIX } from '../platform';
import * as support from '../support';

export const supportEndpoints = {
  /** Beyond the spec: a customer or tester sends a booking trace; answers the support code. */
  supportTrace: {
    ...post(`/${PREFIX}/support/trace`, support.SupportTraceBodySchema, support.SupportTraceSentSchema),
    maxBodyBytes: support.TRACE_MAX_BYTES,
  },
  /** Support accounts only (403 AUT-4): a stored trace by its code. */
  supportTraceRead: get(`/${PREFIX}/support/trace`, support.SupportTraceQuerySchema, support.SupportTraceReadSchema),
  /** Support accounts only (403 AUT-4): the replay screen's gate. */
  supportAccess: get(`/${PREFIX}/support/akses`, noInput(), support.SupportAccessSchema),
} as const;
