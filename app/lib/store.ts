import { useSyncExternalStore } from "react";

/**
 * A value many components read while one writes it fast, such as a table's edits: each reader
 * re-renders only when the part it selects changes, so one keystroke renders one row and not
 * the whole table around it (docs/decisions/030-price-desk.md).
 */
export type Store<T> = {
  get: () => T;
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      const updated = typeof next === "function" ? (next as (current: T) => T)(value) : next;
      if (Object.is(updated, value)) return;
      value = updated;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The part of a store's value that `select` picks, read again whenever the store changes; the
 * component re-renders only when that part is a different value (`Object.is`), so `select` must
 * return a part of the value or a primitive, never a new object.
 */
export function useStore<T, S>(store: Store<T>, select: (value: T) => S): S {
  const snapshot = () => select(store.get());
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}
