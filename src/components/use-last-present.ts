import { useState } from 'react';

/**
 * The last non-null value seen: a dialog that is closing keeps showing what it said while it fades
 * out, after the machine has already left its state.
 */
export function useLastPresent<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
