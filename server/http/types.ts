import type { Platform } from '../../contract';
import type { Logger } from '../logger';

/** The signed-in customer behind a bearer token. */
export interface AuthCustomer {
  id: number;
  points: number;
}

/** Per-request values the middleware sets for the handlers. */
export interface AppEnv {
  Variables: {
    platform: Platform;
    /** Null for basic-credential (guest) requests. */
    customer: AuthCustomer | null;
    logger: Logger;
  };
}
