import type { ActorRefFrom } from 'xstate';
import { sheetMachine, type SheetInput } from '../../machines/sheet.machine';
import { useFlowActorRef } from './use-flow-actor';

export type SheetActor = ActorRefFrom<typeof sheetMachine>;

/** A sheet's own actor (its open and close timing, its drag), held by the sheet it animates. */
export function useSheetActor(input: SheetInput): SheetActor {
  return useFlowActorRef(sheetMachine, { input });
}
