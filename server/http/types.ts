import type { Platform } from '../../contract';
import type { Logger } from '../logger';
import type { AuthCustomer } from '../services/sessions';

/** Per-request values the middleware sets for the handlers. */
export interface AppEnv {
  Variables: {
    platform: Platform;
    /** Null for basic-credential (guest) requests. */
    customer: AuthCustomer | null;
    logger: Logger;
    /** Proxies trusted to append the client's address to X-Forwarded-For (0: none). */
    proxyHops: number;
    /** This request's id (X-Request-Id of the reply, `reqId` of its log lines). */
    requestId: string;
  };
}
