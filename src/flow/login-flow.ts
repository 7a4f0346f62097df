import { useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { CustomerLoginResults, RequestLoginResults } from '../../contract/account';
import {
  loginMachine,
  type LoginOutcome,
  type RequestCodeInput,
  type VerifyCodeInput,
} from '../../machines/login.machine';
import { api } from '../api/api';
import type { ApiClient } from '../api/client';
import { callOutcome } from './call-outcome';
import { isSignedIn, signIn } from '../platform/session';
import { useFlowActorRef } from './use-flow-actor';

const contactFields = (input: RequestCodeInput) =>
  input.tipe === 'telp' ? { tipe: input.tipe, telp: input.contact } : { tipe: input.tipe, email: input.contact };

/** The login machine's effects: the two login calls, and the sign-in kept in this browser. */
export function loginMachineWithEffects(client: ApiClient = api) {
  return loginMachine.provide({
    actors: {
      requestCode: fromPromise<LoginOutcome<RequestLoginResults>, RequestCodeInput>(({ input, signal }) =>
        callOutcome(() => client.request('requestCustomerLoginAlternative', contactFields(input), { signal })),
      ),
      verifyCode: fromPromise<LoginOutcome<CustomerLoginResults>, VerifyCodeInput>(({ input, signal }) =>
        callOutcome(() =>
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

export type LoginActor = ActorRefFrom<typeof loginMachine>;

/** The login page's actor, with its effects; it starts knowing whether this browser is signed in. */
export function useLoginActor(redirect: string): LoginActor {
  const [logic] = useState(() => loginMachineWithEffects());
  const [signedIn] = useState(isSignedIn);
  return useFlowActorRef(logic, { input: { redirect, signedIn } });
}
