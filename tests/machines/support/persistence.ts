import { createActor, type AnyActorRef, type AnyStateMachine, type InputFrom } from 'xstate';

/**
 * Spec section 3: progress lives in local storage. A snapshot must survive
 * getPersistedSnapshot -> JSON -> restore, and the restored actor must behave the same.
 */
export function roundTripSnapshot<TMachine extends AnyStateMachine>(
  machine: TMachine,
  actor: AnyActorRef,
  input?: InputFrom<TMachine>,
) {
  const stored = JSON.stringify(actor.getPersistedSnapshot());
  const restored = createActor(machine, {
    snapshot: JSON.parse(stored) as never,
    ...(input === undefined ? {} : { input }),
  });
  restored.start();
  return restored;
}
