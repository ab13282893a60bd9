// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Lang } from "~/i18n/config";
import { createI18n } from "~/i18n/instance";
import type { ListActionResult } from "~/features/price-lists/schema";
import { NewListDialog } from "./new-list-dialog";

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

/**
 * The dialog on a stub of the import's route: its action answers as the price lists' "create"
 * does, and its loader lists the lists, the new one among them once created.
 */
async function render(lang: Lang, onCreated: (slug: string) => void, onOuterSubmit = vi.fn()) {
  const lists = [{ slug: "wholesale", name: "Wholesale" }];
  const posted: Array<Record<string, FormDataEntryValue>> = [];
  const action = async ({ request }: { request: Request }): Promise<ListActionResult> => {
    const form = Object.fromEntries(await request.formData());
    posted.push(form);
    if (!String(form.name).trim()) {
      return { ok: false, intent: "create", message: "messages.createFailed", errors: { name: "errors.nameRequired" } };
    }
    lists.push({ slug: "hotels", name: String(form.name) });
    return { ok: true, intent: "create", message: "messages.added", slug: "hotels" };
  };
  function Page() {
    const data = useLoaderData<{ lists: typeof lists }>();
    return (
      <>
        <ul data-testid="lists">
          {data.lists.map((l) => (
            <li key={l.slug}>{l.name}</li>
          ))}
        </ul>
        {/* As on the import screen: beside the list choice, inside the import's own form. */}
        <form onSubmit={onOuterSubmit}>
          <NewListDialog lists={data.lists} onCreated={onCreated} />
        </form>
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/import-quickbooks",
      Component: Page,
      HydrateFallback: () => null,
      loader: () => ({ lists: [...lists] }),
      action,
    },
    { path: "/prices-manage", loader: () => ({ kind: "preview", preview: [] }) },
  ]);
  await act(async () => {
    root.render(
      <I18nextProvider i18n={createI18n(lang)}>
        <Stub initialEntries={["/import-quickbooks"]} />
      </I18nextProvider>,
    );
  });
  return posted;
}

const dialog = () => document.querySelector('[role="dialog"]');

function button(name: string, within: ParentNode = document) {
  const found = [...within.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no "${name}" button`);
  return found;
}

async function click(element: Element) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });
}

async function type(label: string, value: string) {
  const field = [...document.querySelectorAll("label")].find((l) => l.textContent === label);
  const input = document.getElementById(field!.htmlFor) as HTMLInputElement;
  await act(async () => {
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function submit(name: string) {
  await act(async () => {
    (dialog()!.querySelector("form") as HTMLFormElement).requestSubmit(button(name, dialog()!));
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("NewListDialog", () => {
  it.each([
    ["en", "New price list", "Create price list", "Name is required"],
    ["es", "Nueva lista de precios", "Crear lista de precios", "El nombre es obligatorio"],
  ] as const)(
    "shows the field's error in the dialog, then creates the list and hands it on, in %s",
    async (lang, open, create, required) => {
      const onCreated = vi.fn();
      const onOuterSubmit = vi.fn();
      const posted = await render(lang, onCreated, onOuterSubmit);
      expect(dialog()).toBeNull();
      await click(button(open));
      expect(dialog()!.textContent).toContain(open);

      // A name of spaces passes the browser's check and not the server's.
      await type(lang === "en" ? "Name in English" : "Nombre en inglés", "   ");
      await submit(create);
      expect(posted[0]).toMatchObject({ intent: "create", name: "   " });
      expect(dialog()).not.toBeNull();
      expect(dialog()!.querySelector('[aria-invalid="true"]')).not.toBeNull();
      expect(dialog()!.textContent).toContain(required);
      expect(onCreated).not.toHaveBeenCalled();

      await type(lang === "en" ? "Name in English" : "Nombre en inglés", "Hotels");
      await submit(create);
      expect(posted[1]).toMatchObject({ intent: "create", name: "Hotels", source: "" });
      expect(onCreated).toHaveBeenCalledExactlyOnceWith("hotels");
      // The import's form (which would read the file again) never hears the dialog's submits.
      expect(onOuterSubmit).not.toHaveBeenCalled();
      expect(dialog()).toBeNull();
      // The page's lists were loaded again before the new one was handed on.
      expect(container.querySelector('[data-testid="lists"]')!.textContent).toContain("Hotels");
    },
  );

  it("opens again with an empty form and no earlier error", async () => {
    await render("en", vi.fn());
    await click(button("New price list"));
    await type("Name in English", " ");
    await submit("Create price list");
    expect(dialog()!.textContent).toContain("Name is required");
    await click(button("Cancel", dialog()!));
    expect(dialog()).toBeNull();
    await click(button("New price list"));
    expect(dialog()!.textContent).not.toContain("Name is required");
  });
});
