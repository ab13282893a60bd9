// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RECONNECT_DELAYS_MS, RELEASE_HIDDEN_AFTER_MS, useLiveList, type LiveState } from "./use-live-list";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The browser's EventSource, as far as the page uses it: each one opened is kept, with when. */
class FakeEventSource {
  static opened: { source: FakeEventSource; at: number }[] = [];
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, () => void>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push({ source: this, at: Date.now() });
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: "ready" | "changed") {
    act(() => this.listeners.get(type)?.());
  }
  fail() {
    act(() => this.onerror?.());
  }
}

const latest = () => FakeEventSource.opened.at(-1)!.source;
let loads = 0;

function Page() {
  const { state, changes } = useLiveList("restaurants");
  return <output data-state={state}>{changes}</output>;
}

const page = document.createElement("div");
/** What the page shows: the connection's state and how many changes it has heard of. */
const shown = {
  get state() {
    return page.querySelector("output")?.dataset.state as LiveState;
  },
  get changes() {
    return Number(page.querySelector("output")?.textContent);
  },
};

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  act(() => document.dispatchEvent(new Event("visibilitychange")));
}

/** Moves the page's clock on, letting React and the router settle at each step. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

let unmount = () => {};

beforeEach(async () => {
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
  FakeEventSource.opened = [];
  loads = 0;
  setVisibility("visible");
  const router = createMemoryRouter(
    [
      {
        path: "/pricesprivate/:slug",
        Component: Page,
        loader: () => ++loads,
      },
    ],
    { initialEntries: ["/pricesprivate/restaurants"] },
  );
  const root = createRoot(page);
  await act(async () => root.render(<RouterProvider router={router} />));
  await wait(0);
  unmount = () => act(() => root.unmount());
});

afterEach(() => {
  unmount();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a list page's live connection", () => {
  it("connects to its list's stream and reloads its data on each change", async () => {
    expect(FakeEventSource.opened.map((o) => o.source.url)).toEqual(["/pricesprivate/restaurants/events"]);
    expect(shown.state).toBe("connecting");
    latest().emit("ready");
    expect(shown.state).toBe("live");
    const before = loads;
    latest().emit("changed");
    await wait(0);
    expect(shown.changes).toBe(1);
    expect(loads).toBe(before + 1);
  });

  it("tries again after 1, 2 and 5 seconds, then every 10, and starts from 1 second once connected again", async () => {
    expect(RECONNECT_DELAYS_MS).toEqual([1_000, 2_000, 5_000, 10_000]);
    latest().emit("ready");
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const failedAt = Date.now();
      const count = FakeEventSource.opened.length;
      latest().fail();
      expect(shown.state).toBe("reconnecting");
      expect(FakeEventSource.opened[count - 1].source.closed).toBe(true);
      // Nothing is opened a moment before the delay, and one stream is opened at its end.
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
      await wait(delay - 1);
      expect(FakeEventSource.opened).toHaveLength(count);
      await wait(1);
      expect(FakeEventSource.opened).toHaveLength(count + 1);
      waits.push(FakeEventSource.opened[count].at - failedAt);
    }
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);

    // Back, the page reloads what it may have missed, and the next loss starts the back-off afresh.
    const before = loads;
    latest().emit("ready");
    await wait(0);
    expect(shown.state).toBe("live");
    expect(loads).toBe(before + 1);
    const count = FakeEventSource.opened.length;
    latest().fail();
    await wait(999);
    expect(FakeEventSource.opened).toHaveLength(count);
    await wait(1);
    expect(FakeEventSource.opened).toHaveLength(count + 1);
  });

  it("lets go of its stream after a minute in the background, and reconnects when shown again", async () => {
    latest().emit("ready");
    setVisibility("hidden");
    await wait(RELEASE_HIDDEN_AFTER_MS - 1);
    expect(latest().closed).toBe(false);
    await wait(1);
    expect(latest().closed).toBe(true);
    expect(shown.state).toBe("connecting");

    setVisibility("visible");
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().closed).toBe(false);
  });
});
