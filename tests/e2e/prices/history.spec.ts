import { describe, expect, it } from "vitest";
import { hidden, phone, scanAccessibility, useBrowser, visible, type Session } from "../../support/e2e";

const { session } = useBrowser();

/** The history route as the dialog reads it. */
const historyRoute = "**/prices-manage/*/history/*";

// A list of this file's own (a copy of Wholesale), so no other test's saves meet these.
const stamp = Date.now();
const listName = `History ${stamp}`;
const listPath = `/prices-manage/history-${stamp}`;

async function createList(s: Session) {
  await s.goto("/prices-manage", { axe: false });
  const form = s.page.getByRole("region", { name: "New price list" });
  await form.getByRole("textbox", { name: "Name in English" }).fill(listName);
  await form.getByRole("combobox", { name: "Start from" }).selectOption({ label: "A copy of Wholesale" });
  await form.getByRole("button", { name: "Create price list" }).click();
  await visible(s.page.getByText("Price list added successfully"));
}

async function deleteList(s: Session) {
  await s.goto("/prices-manage", { axe: false });
  const row = s.page.locator("tbody tr").filter({ hasText: listName });
  await row.getByRole("button", { name: "Delete" }).click();
  await s.page.getByRole("alertdialog").getByRole("button", { name: "Delete price list" }).click();
  await visible(s.page.getByText("Price list deleted successfully"));
}

describe("a product's price history", () => {
  it("shows a saved change in a table and a chart, and is accessible with the dialog open", async () => {
    const s = await session({ as: "seller" });
    await createList(s);
    await s.goto(listPath);
    const input = s.page.getByRole("textbox", { name: "Persian Limes" });
    const old = Number(await input.inputValue());
    const next = (old + 1.11).toFixed(2);
    await input.fill(next);
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("Changes saved successfully."));

    const opener = s.page.getByRole("button", { name: "Price history of Persian Limes" });
    await opener.click();
    const dialog = s.page.getByRole("dialog", { name: "Price history: Persian Limes" });
    await visible(dialog);
    const table = dialog.getByRole("table", { name: `Price changes of Persian Limes in ${listName}` });
    const rows = table.locator("tbody tr");
    await visible(rows.first());
    expect(await rows.count()).toBe(2);
    // Newest first: the save, then the copy that made the list.
    const saved = await rows.nth(0).innerText();
    expect(saved).toContain(`$${old.toFixed(2)}`);
    expect(saved).toContain(`$${next}`);
    expect(saved).toContain("+$1.11");
    expect(saved).toMatch(/\(\+\d+(\.\d)?%\)/);
    expect(saved).toContain("Price editor");
    expect(saved).toContain("Sergio Seller");
    const copied = await rows.nth(1).innerText();
    expect(copied).toContain("not in the list");
    expect(copied).toContain("Copied into a new list");
    expect(await dialog.getByText(`Changes in ${listName}, newest first.`).count()).toBe(1);

    const chart = dialog.getByRole("img", { name: "Price of Persian Limes over time" });
    await visible(chart.locator("canvas").first());
    const summary = await chart.evaluate(
      (el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent,
    );
    expect(summary).toContain(`to $${next}`);
    await scanAccessibility(s.page, { modalOpen: true });

    // On a phone the dialog fits the screen and each change is a card showing every column.
    await s.page.setViewportSize(phone);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    const cells = await rows
      .nth(0)
      .getByRole("cell")
      .evaluateAll((all) =>
        all.map((cell) => {
          const { left, right } = cell.getBoundingClientRect();
          return { left, right, label: getComputedStyle(cell, "::before").content };
        }),
      );
    expect(cells.map((cell) => cell.label)).toEqual(
      ["Date and time", "Old price", "New price", "Change", "Source", "Changed by"].map((name) => `"${name}" / ""`),
    );
    for (const cell of cells) {
      expect(cell.left).toBeGreaterThanOrEqual(box.x);
      expect(cell.right).toBeLessThanOrEqual(box.x + box.width);
    }
    await scanAccessibility(s.page, { modalOpen: true });

    await s.page.keyboard.press("Escape");
    await hidden(dialog);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("says 'Failed to load price history' when the request fails, and loads on retry", async () => {
    const s = await session({ as: "seller" });
    await s.goto(listPath, { axe: false });
    s.allowConsole(/Failed to load resource/);
    await s.page.route(historyRoute, (route) => route.abort());
    await s.page.getByRole("button", { name: "Price history of Persian Limes" }).click();
    const dialog = s.page.getByRole("dialog", { name: "Price history: Persian Limes" });
    await visible(dialog.getByText("Failed to load price history"));
    await s.page.unroute(historyRoute);
    await dialog.getByRole("button", { name: "Try again" }).click();
    await visible(dialog.getByRole("table").locator("tbody tr").first());
    await hidden(dialog.getByText("Failed to load price history"));
    await s.page.keyboard.press("Escape");

    // A gateway's error page is no answer of the route either.
    await s.page.route(historyRoute, (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await s.page.getByRole("button", { name: "Price history of Persian Limes" }).click();
    await visible(dialog.getByText("Failed to load price history"));
    await s.page.keyboard.press("Escape");

    // The route's own answer when its database cannot be read is shown as it says.
    await s.page.unroute(historyRoute);
    await s.page.route(historyRoute, (route) =>
      route.fulfill({
        status: 500,
        json: { ok: false, error: "fetchError", message: "Error fetching price history", reference: "ref-123" },
      }),
    );
    await s.page.getByRole("button", { name: "Price history of Persian Limes" }).click();
    await visible(dialog.getByText("Error fetching price history"));
    await visible(dialog.getByText("Reference: ref-123"));
    await s.page.unroute(historyRoute);
    await dialog.getByRole("button", { name: "Try again" }).click();
    await visible(dialog.getByRole("table").locator("tbody tr").first());
  });

  it("speaks Spanish, in the dark theme too, and fails in Spanish", async () => {
    const s = await session({ as: "seller", lang: "es", theme: "dark", colorScheme: "dark" });
    await s.goto(listPath);
    s.allowConsole(/Failed to load resource/);
    const opener = s.page.getByRole("button", { name: "Historial de precios de Limón persa" });
    await opener.click();
    const dialog = s.page.getByRole("dialog", { name: "Historial de precios: Limón persa" });
    const rows = dialog.getByRole("table").locator("tbody tr");
    await visible(rows.first());
    expect(await rows.nth(0).innerText()).toContain("Editor de precios");
    expect(await rows.nth(1).innerText()).toContain("Copiado a una lista nueva");
    expect(await dialog.getByRole("columnheader").allInnerTexts()).toEqual([
      "Fecha y hora",
      "Precio anterior",
      "Precio nuevo",
      "Cambio",
      "Origen",
      "Cambiado por",
    ]);
    await visible(
      dialog.getByRole("img", { name: "Precio de Limón persa a lo largo del tiempo" }).locator("canvas").first(),
    );
    await scanAccessibility(s.page, { modalOpen: true });
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await hidden(dialog);

    await s.page.route(historyRoute, (route) => route.abort());
    await opener.click();
    await visible(dialog.getByText("No se pudo cargar el historial de precios"));
    await s.page.unroute(historyRoute);
    await dialog.getByRole("button", { name: "Intentar de nuevo" }).click();
    await visible(rows.first());

    await deleteList(await session({ as: "seller" }));
  });
});
