import { fromPromise } from 'xstate';
import type { CustomerLoginResults, RequestLoginResults } from '../../contract/account';
import {
  loginMachine,
  type LoginOutcome,
  type RequestCodeInput,
  type VerifyCodeInput,
} from '../../machines/login.machine';
import { api } from '../api/api';
import { isApiError, type ApiClient } from '../api/client';
import { friendlyErrorMessage } from '../api/errors';
import { signIn } from '../platform/session';

/**
 * A call's answer as the login machine reads it: a server refusal (wrong code, too many requests)
 * or an unreadable reply is an outcome with the traveller's words; no answer at all (offline)
 * rejects, and the machine says so in its own words.
 */
async function outcome<T>(call: () => Promise<T>): Promise<LoginOutcome<T>> {
  try {
    return { kind: 'ok', results: await call() };
  } catch (error) {
    if (!isApiError(error) || error.code === 'NETWORK') throw error;
    // A reply that did not parse counts as the server's own failure.
    const code = error.code === 'BAD_REPLY' ? 'SRV-1' : error.code;
    return { kind: 'refused', code, message: friendlyErrorMessage(error) };
  }
}

const contactFields = (input: RequestCodeInput) =>
  input.tipe === 'telp' ? { tipe: input.tipe, telp: input.contact } : { tipe: input.tipe, email: input.contact };

/** The login machine's effects: the two login calls, and the sign-in kept in this browser. */
export function loginMachineWithEffects(client: ApiClient = api) {
  return loginMachine.provide({
    actors: {
      requestCode: fromPromise<LoginOutcome<RequestLoginResults>, RequestCodeInput>(({ input, signal }) =>
        outcome(() => client.request('requestCustomerLoginAlternative', contactFields(input), { signal })),
      ),
      verifyCode: fromPromise<LoginOutcome<CustomerLoginResults>, VerifyCodeInput>(({ input, signal }) =>
        outcome(() =>
          client.request('customerLogin', { ...contactFields(input), auth: 'otp', otp: input.otp }, { signal }),
        ),
      ),
    },
    actions: {
      // The cookie, the profile copy, and (through the session's listeners) fresh account queries.
      signIn: (_, params) => signIn(params.results.token, params.results.profil),
    },
  });
}
