import { useSyncExternalStore } from "react";
import { afterNextPaint } from "./after-paint";

/**
 * A value many components read while one writes it fast, such as a table's edits: each reader
 * re-renders only when the part it selects changes, so one keystroke renders one row and not
 * the whole table around it (docs/decisions/030-price-desk.md).
 */
export type Store<T> = {
  get: () => T;
  set: (next: T | ((current: T) => T)) => void;
  /**
   * Sets the value at once (`get` returns it) but tells the readers only after the browser has
   * painted the next frame: a keystroke's character shows first and the table reacts a frame
   * later. Changes set this way within one frame reach the readers together; a `set` meanwhile
   * tells them at once.
   */
  setAfterPaint: (next: T | ((current: T) => T)) => void;
  /** Tells the readers now of a change set after paint and not told yet, for what must act on it at once. */
  flush: () => void;
  subscribe: (listener: () => void) => () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  let untold = false;
  const listeners = new Set<() => void>();
  const update = (next: T | ((current: T) => T)) => {
    const updated = typeof next === "function" ? (next as (current: T) => T)(value) : next;
    if (Object.is(updated, value)) return false;
    value = updated;
    return true;
  };
  const tell = () => {
    untold = false;
    for (const listener of listeners) listener();
  };
  return {
    get: () => value,
    set: (next) => {
      if (update(next) || untold) tell();
    },
    setAfterPaint: (next) => {
      if (!update(next) || untold) return;
      untold = true;
      afterNextPaint(() => {
        if (untold) tell();
      });
    },
    flush: () => {
      if (untold) tell();
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
