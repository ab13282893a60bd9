// @vitest-environment happy-dom
import { act, type ComponentProps } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Lang } from "~/i18n/config";
import { createI18n } from "~/i18n/instance";
import { ExportScreen } from "./export-screen";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function render(lang: Lang, props: ComponentProps<typeof ExportScreen>) {
  act(() =>
    root.render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ExportScreen {...props} />
      </I18nextProvider>,
    ),
  );
  return container.textContent ?? "";
}

// A shop whose every list was deleted, or a database that cannot be read, cannot be set up on the
// browser tests' shared server without breaking the other tests' lists: the screen's two states are
// checked here.
describe("the export screen without lists", () => {
  it.each([
    ["en", "No price lists available"],
    ["es", "No hay listas de precios disponibles"],
  ] as const)("says there are none to export (%s), and offers no list to choose", (lang, text) => {
    const shown = render(lang, { lists: [], listsFailed: false, initial: null });
    expect(shown).toContain(text);
    expect(container.querySelector("select")).toBeNull();
    expect(container.querySelector("form")).toBeNull();
  });

  it.each([
    ["en", "Failed to fetch price lists."],
    ["es", "No se pudieron obtener las listas de precios."],
  ] as const)("says the lists could not be fetched (%s), and not that there are none", (lang, text) => {
    const shown = render(lang, { lists: [], listsFailed: true, initial: null });
    expect(shown).toContain(text);
    expect(shown).not.toContain(lang === "en" ? "No price lists available" : "No hay listas de precios disponibles");
  });
});
