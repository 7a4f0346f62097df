import { createContext, useContext, useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorLogic, AnyActorRef, InputFrom, InspectionEvent, SnapshotFrom } from 'xstate';
import { useFlowInspect } from './app-flow';
import { createFlowInspector } from './flow-hub';
import { applyNavigationIntent, type NavigationTarget } from './navigation';
import { restoredSnapshot, snapshotWriter, type SnapshotStorage } from './persisted-actor';

/*
 * How a page's actor starts (payment, order, login, flash sale, cart): here, with its effects,
 * its inspector and its storage; a screen gets the started actor from a `use…` hook of src/flow,
 * sends events and reads snapshots.
 */

const ignore = () => {};

/**
 * The app flow's one inspector (navigation, toasts, the support trace). Rendered without the app's
 * flow (a screen alone under a router, in a test) the actor's navigation still reaches the router
 * through the one adapter; toasts have no toaster there.
 */
function useActorInspect(): ((event: InspectionEvent) => void) | undefined {
  const inspect = useFlowInspect();
  const router = useRouter({ warn: false }) as unknown as NavigationTarget | undefined;
  const [alone] = useState(() =>
    inspect || !router
      ? undefined
      : createFlowInspector({
          navigate: (event) => void applyNavigationIntent(router, event.intent),
          toast: ignore,
          scrollTo: ignore,
          analytics: ignore,
        }),
  );
  return inspect ?? alone;
}

export interface FlowActorOptions<TLogic extends AnyActorLogic> {
  input: InputFrom<TLogic>;
  /** Where a restored actor starts (read once, when the actor is created). */
  snapshot?: SnapshotFrom<TLogic> | null;
}

/** An actor held by the page that shows it: started on mount, stopped on unmount, inspected by the app flow. */
export function useFlowActorRef<TLogic extends AnyActorLogic>(
  logic: TLogic,
  { input, snapshot }: FlowActorOptions<TLogic>,
): ActorRefFrom<TLogic> {
  const inspect = useActorInspect();
  // useActorRef's options are typed per concrete logic; the hook is generic over it.
  const options = { input, ...(snapshot ? { snapshot } : {}), ...(inspect ? { inspect } : {}) } as never;
  return useActorRef(logic as AnyActorLogic, options) as ActorRefFrom<TLogic>;
}

/**
 * A page's actor that survives a reload (src/flow/persisted-actor.ts): it starts from the stored
 * snapshot when this chart can, and each of its snapshots is stored under `key`.
 */
export function usePersistedActorRef<TLogic extends AnyActorLogic>(
  logic: TLogic,
  { input, key, storage }: { input: InputFrom<TLogic>; key: string; storage: SnapshotStorage | null },
): ActorRefFrom<TLogic> {
  const [snapshot] = useState(() => restoredSnapshot(logic, input, storage, key));
  const actor = useFlowActorRef(logic, { input, snapshot });
  useEffect(() => {
    // Typed for any logic here: the hook is generic over it.
    const ref = actor as AnyActorRef;
    const writer = snapshotWriter(storage, key, () => ref);
    const subscription = ref.subscribe(() => writer.persist());
    return () => subscription.unsubscribe();
  }, [actor, key, storage]);
  return actor;
}

/**
 * An actor shared by the pages under one layout route (the flash sale's, the cart's): the layout's
 * provider puts it in `Context`; `useActor` and `useActorSelector` read it, and fail loudly outside.
 */
export function sharedActor<TActor extends AnyActorRef>(hook: string, provider: string) {
  const Context = createContext<TActor | null>(null);
  function useActor(): TActor {
    const actor = useContext(Context);
    if (!actor) throw new Error(`${hook} outside ${provider}`);
    return actor;
  }
  function useActorSelector<T>(selector: (snapshot: SnapshotFrom<TActor>) => T): T {
    // useSelector infers the snapshot of a concrete actor; TActor is generic here.
    const actor: AnyActorRef = useActor();
    return useSelector(actor, selector as (snapshot: unknown) => T);
  }
  return { Context, useActor, useActorSelector };
}
