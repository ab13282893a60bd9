// @vitest-environment happy-dom
import { act, useSyncExternalStore } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createI18n } from "~/i18n/instance";
import type { Lang } from "~/i18n/config";
import { RenderErrorBoundary } from "./error-boundary";

// Tells React that updates are wrapped in act(), as a test renderer would.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const texts: Record<Lang, { heading: string; details: string; reset: string }> = {
  es: { heading: "Algo salió mal.", details: "Ver detalles del error", reset: "Intentar de nuevo" },
  en: { heading: "Something went wrong.", details: "See error details", reset: "Try again" },
};

// What the child throws, if anything; setting it re-renders the child, as a change of data would.
let failure: Error | null = null;
const listeners = new Set<() => void>();
function setFailure(next: Error | null) {
  failure = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function Fragile() {
  const current = useSyncExternalStore(subscribe, () => failure);
  if (current) throw current;
  return <p>Page A works</p>;
}

let container: HTMLElement;
let root: Root;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  failure = null;
  listeners.clear();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  // React and the boundary both report a caught error on the console; keep the test output clean.
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  consoleError.mockRestore();
});

/** The boundary sits in a layout, as in the app's shell, so it stays mounted while pages change. */
async function renderAt(lang: Lang, path: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <RenderErrorBoundary>
            <Outlet />
          </RenderErrorBoundary>
        ),
        children: [
          { path: "a", element: <Fragile /> },
          { path: "b", element: <p>Page B works</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  await act(async () => {
    root.render(
      <I18nextProvider i18n={createI18n(lang)}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
  });
  return router;
}

function alert() {
  return container.querySelector('[role="alert"]');
}

function resetButton() {
  const button = [...container.querySelectorAll("button")].find((b) => b.textContent === texts.es.reset);
  if (!button) throw new Error(`no "${texts.es.reset}" button in: ${container.innerHTML}`);
  return button;
}

async function click(element: Element) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
}

describe("RenderErrorBoundary", () => {
  it("renders its children while nothing throws", async () => {
    await renderAt("es", "/a");
    expect(container.textContent).toContain("Page A works");
    expect(alert()).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it.each(["es", "en"] as const)("shows the heading, the error details and a reset button in %s", async (lang) => {
    failure = new Error("price table exploded");
    await renderAt(lang, "/a");

    const box = alert();
    expect(box).not.toBeNull();
    expect(box!.querySelector("h1")?.textContent).toBe(texts[lang].heading);
    const details = box!.querySelector("details");
    expect(details).not.toBeNull();
    expect(details!.open).toBe(false);
    expect(details!.querySelector("summary")?.textContent).toBe(texts[lang].details);
    expect(details!.querySelector("pre")?.textContent).toBe("price table exploded");
    await click(details!.querySelector("summary")!);
    expect(details!.open).toBe(true);
    expect([...box!.querySelectorAll("button")].map((b) => b.textContent)).toEqual([texts[lang].reset]);
    expect(container.textContent).not.toContain("Page A works");
  });

  it("logs the error with the component stack to the console", async () => {
    failure = new Error("price table exploded");
    await renderAt("es", "/a");
    // The boundary's own report: the error itself and the stack of components that threw
    // (React's default report of a caught error starts with a format string instead).
    expect(consoleError).toHaveBeenCalledWith(failure, expect.stringContaining("Fragile"));
  });

  it("goes normal → error → normal when the reset button is pressed after the cause is gone", async () => {
    await renderAt("es", "/a");
    expect(container.textContent).toContain("Page A works");

    // An update makes the mounted child throw.
    await act(async () => setFailure(new Error("first failure")));
    expect(alert()?.querySelector("h1")?.textContent).toBe("Algo salió mal.");
    expect(container.textContent).toContain("first failure");

    // Still failing: resetting renders the child again, which throws again.
    failure = new Error("second failure");
    await click(resetButton());
    expect(alert()).not.toBeNull();
    expect(container.textContent).toContain("second failure");
    expect(consoleError).toHaveBeenCalledWith(failure, expect.any(String));

    // The cause is gone: resetting shows the child again.
    failure = null;
    await click(resetButton());
    expect(alert()).toBeNull();
    expect(container.textContent).toContain("Page A works");
  });

  it("resets when the visitor navigates to another path", async () => {
    failure = new Error("price table exploded");
    const router = await renderAt("es", "/a");
    expect(alert()).not.toBeNull();

    await act(async () => {
      await router.navigate("/b");
    });
    expect(alert()).toBeNull();
    expect(container.textContent).toContain("Page B works");

    // Coming back renders the page afresh rather than the old error.
    failure = null;
    await act(async () => {
      await router.navigate("/a");
    });
    expect(alert()).toBeNull();
    expect(container.textContent).toContain("Page A works");
  });
});
