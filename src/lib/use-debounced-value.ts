import { useEffect, useState } from 'react';

/** Type-ahead pause before a lookup: short enough to feel live, long enough to skip keystrokes. */
export const TYPEAHEAD_DEBOUNCE_MS = 250;

export function useDebouncedValue<T>(value: T, delayMs: number = TYPEAHEAD_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
