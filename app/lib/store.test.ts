// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it, vi } from "vitest";
import { createStore, useStore, type Store } from "./store";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("createStore", () => {
  it("tells its listeners of a change, not of a value set to itself, and stops when unsubscribed", () => {
    const store = createStore({ a: 1 });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set((current) => ({ ...current, a: 2 }));
    expect(store.get()).toEqual({ a: 2 });
    store.set((current) => current);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set({ a: 3 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("setAfterPaint", () => {
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));

  it("holds the value at once and tells the listeners once, after the next frame", async () => {
    const store = createStore("");
    const listener = vi.fn();
    store.subscribe(listener);
    store.setAfterPaint("1");
    store.setAfterPaint((current) => `${current}2`);
    expect(store.get()).toBe("12");
    expect(listener).not.toHaveBeenCalled();
    await painted();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("is told at once by a plain set meanwhile, even of the same value, and not again after the frame", async () => {
    const store = createStore("");
    const listener = vi.fn();
    store.subscribe(listener);
    store.setAfterPaint("1");
    store.set("1");
    expect(listener).toHaveBeenCalledTimes(1);
    await painted();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("useStore", () => {
  it("re-renders a reader only when the part it selects changes", () => {
    const store = createStore<Record<string, string>>({ a: "1", b: "1" });
    const renders = { a: 0, b: 0 };
    function Cell({ id, values }: { id: "a" | "b"; values: Store<Record<string, string>> }) {
      renders[id]++;
      return createElement(
        "span",
        { id },
        useStore(values, (v) => v[id]),
      );
    }
    const host = document.createElement("div");
    const root = createRoot(host);
    act(() =>
      root.render([
        createElement(Cell, { key: "a", id: "a", values: store }),
        createElement(Cell, { key: "b", id: "b", values: store }),
      ]),
    );
    act(() => store.set((v) => ({ ...v, a: "2" })));
    expect(host.querySelector("#a")?.textContent).toBe("2");
    expect(renders).toEqual({ a: 2, b: 1 });
    act(() => root.unmount());
  });
});
