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
  };
}
