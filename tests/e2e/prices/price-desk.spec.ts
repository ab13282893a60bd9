import { describe, expect, it } from "vitest";
import { hidden, phone, scanAccessibility, useBrowser, visible, type Session } from "../../support/e2e";
import { createListCopy, uniqueName } from "./fixtures";

const { session } = useBrowser();

const priceCells = (s: Session) => s.page.locator('input[data-cell="price"]');

/** Opens a fresh copy of Wholesale in the editor (other specs change the demo lists). */
async function openCopy(s: Session, prefix: string) {
  // The copy is made through the English screen, whatever the language of the session.
  const slug = await createListCopy(await session({ as: "seller" }), uniqueName(prefix));
  await s.goto(`/prices-manage/${slug}`, { axe: false });
  await s.hydrated();
  return slug;
}

describe("the 5 AM price desk", () => {
  it("takes twenty prices from the keyboard alone, keeps the focused row and the save bar in view, and saves with Ctrl+S", async () => {
    const s = await session({ as: "seller" });
    await openCopy(s, "Keyboard");
    const cells = priceCells(s);
    const before = await cells.evaluateAll((all) => all.slice(0, 20).map((c) => (c as HTMLInputElement).value));
    // Each new price a few cents up, typed as people type: no leading "$", sometimes a decimal comma.
    const typed = before.map((old, i) => {
      const text = (Number(old) + 0.1 + i / 100).toFixed(2);
      return i % 3 === 0 ? text.replace(".", ",") : text;
    });
    await cells.first().click();
    let presses = 0;
    for (const text of typed) {
      // Typing replaces the cell (its text is selected on focus); Enter moves down one row.
      await s.page.keyboard.type(text);
      await s.page.keyboard.press("Enter");
      presses += text.length + 1;
      const focused = s.page.locator("input:focus");
      const box = await focused.boundingBox();
      expect(box, "the focused cell is on screen").not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(800);
      expect(box!.y).toBeGreaterThanOrEqual(0);
    }
    expect(presses).toBe(typed.reduce((n, t) => n + t.length + 1, 0));
    expect(presses / typed.length, "key presses per price").toBeLessThanOrEqual(7);
    for (const [i, text] of typed.entries()) expect(await cells.nth(i).inputValue()).toBe(text);

    const bar = s.page.getByText("You have unsaved changes.");
    await visible(bar);
    await visible(s.page.getByText("20 prices changed"));
    // Scrolled to the top, the bar is still on screen.
    await s.page.evaluate(() => scrollTo(0, 0));
    const barBox = await bar.boundingBox();
    expect(barBox!.y).toBeLessThan(800);
    expect(barBox!.y).toBeGreaterThan(600);
    await s.scan();

    await s.page.keyboard.press("Control+s");
    await visible(s.page.getByText("Changes saved successfully."));
    await hidden(s.page.getByText("You have unsaved changes."));
    await s.page.reload();
    for (const [i, text] of typed.entries()) {
      expect(await cells.nth(i).inputValue()).toBe((Number(text.replace(",", ".")) || 0).toFixed(2));
    }
  });

  it("moves up with ↑, to the next cell with Tab, and puts a cell back with Esc", async () => {
    const s = await session({ as: "seller" });
    await openCopy(s, "Keys");
    const cells = priceCells(s);
    const second = await cells.nth(1).inputValue();
    await cells.nth(2).click();
    await s.page.keyboard.press("ArrowUp");
    expect(await s.page.evaluate(() => document.activeElement?.id)).toBe(await cells.nth(1).getAttribute("id"));
    await s.page.keyboard.type("1.00");
    await visible(s.page.getByText(`was $${second}`));
    await s.page.keyboard.press("Escape");
    expect(await cells.nth(1).inputValue()).toBe(second);
    await hidden(s.page.getByText("You have unsaved changes."));
    // Esc straight after a key, before the row has caught up with it, restores the cell too.
    await Promise.all([s.page.keyboard.press("9"), s.page.keyboard.press("Escape")]);
    expect(await cells.nth(1).inputValue()).toBe(second);
    await s.page.keyboard.press("Tab");
    expect(await s.page.evaluate(() => document.activeElement?.id)).toBe(await cells.nth(2).getAttribute("id"));
  });

  it("reaches a row's checkbox and price history with the arrow keys", async () => {
    const s = await session({ as: "seller" });
    await openCopy(s, "Arrows");
    const cells = priceCells(s);
    const rows = s.page.locator("tbody tr[data-product]");
    const name = async (at: number) => (await rows.nth(at).locator("th label").innerText()).trim();
    const focused = () => s.page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    const [first, second] = [await name(0), await name(1)];
    // The keys are said above the table to a person with a keyboard.
    await visible(s.page.getByText(/^Keyboard: Enter or ↓ next row, .* ← and → the row's checkbox and buttons/));

    await cells.first().click();
    // The first ← puts the caret at the start of the selected price, the next one leaves the cell.
    await s.page.keyboard.press("ArrowLeft");
    expect(await s.page.evaluate(() => document.activeElement?.id)).toBe(await cells.first().getAttribute("id"));
    await s.page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe(`Select ${first}`);
    await s.page.keyboard.press("Space");
    expect(await s.page.getByRole("checkbox", { name: `Select ${first}` }).isChecked()).toBe(true);
    await s.page.keyboard.press("ArrowDown");
    expect(await focused()).toBe(`Select ${second}`);

    // → back into the cell selects its price, so typing replaces it; at its end → goes on.
    await s.page.keyboard.press("ArrowRight");
    expect(await s.page.evaluate(() => document.activeElement?.id)).toBe(await cells.nth(1).getAttribute("id"));
    await s.page.keyboard.type("9.99");
    expect(await cells.nth(1).inputValue()).toBe("9.99");
    await s.page.keyboard.press("ArrowRight");
    expect(await focused()).toBe(`Price history of ${second}`);
    // The table may have scrolled sideways to the button; the rows' names stay in view.
    const sticky = await s.page
      .locator("table")
      .first()
      .evaluate((table) =>
        [table.querySelector("thead th:nth-child(2)")!, ...table.querySelectorAll("tbody th")].every(
          (cell) => getComputedStyle(cell).position === "sticky",
        ),
      );
    expect(sticky).toBe(true);
    await s.page.keyboard.press("ArrowUp");
    expect(await focused()).toBe(`Price history of ${first}`);
    await s.page.keyboard.press("Enter");
    await visible(s.page.getByRole("dialog", { name: new RegExp(first) }));
  });

  it("flags a big jump and a missing decimal mark, lists them before saving, and saves them once confirmed", async () => {
    const s = await session({ as: "seller" });
    await openCopy(s, "Guard");
    const pineapple = s.page.getByRole("textbox", { name: "Gold Pineapple" });
    const coconut = s.page.getByRole("textbox", { name: "Dry Coconut" });
    await pineapple.fill("46.66");
    const saved = await coconut.inputValue();
    const digits = saved.replace(".", "");
    await coconut.fill(digits);
    await visible(s.page.getByText(/A big change \(\+\d/));
    await visible(s.page.getByText(`Missing decimals? Did you mean $${saved}?`));
    await s.page.getByRole("button", { name: "Save changes" }).click();
    const dialog = s.page.getByRole("dialog", { name: "Check 2 prices before saving" });
    await visible(dialog.getByRole("cell", { name: "More than 30% change" }));
    await visible(dialog.getByRole("cell", { name: "Missing decimals?" }));
    await scanAccessibility(s.page, { modalOpen: true });
    // Going back keeps every edit; confirming saves them as typed.
    await dialog.getByRole("button", { name: "Go back and fix" }).click();
    expect(await pineapple.inputValue()).toBe("46.66");
    // The focus goes to the first price to check in the list's order, its text selected to be typed over.
    await s.page.waitForFunction((cell) => cell === document.activeElement, await coconut.elementHandle());
    expect(
      await coconut.evaluate((e: HTMLInputElement) => [e === document.activeElement, e.selectionStart, e.selectionEnd]),
    ).toEqual([true, 0, digits.length]);
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByRole("button", { name: "Save as typed" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    expect(await pineapple.inputValue()).toBe("46.66");
    expect(await coconut.inputValue()).toBe(`${digits}.00`);
  });

  it("keeps every edit through a save with the network down, and Retry saves them when it is back", async () => {
    const s = await session({ as: "seller", lang: "es", viewport: phone, theme: "dark" });
    await openCopy(s, "Offline");
    const cells = priceCells(s);
    const [a, b] = [await cells.nth(0).inputValue(), await cells.nth(1).inputValue()];
    const [newA, newB] = [(Number(a) + 0.25).toFixed(2), (Number(b) + 0.5).toFixed(2).replace(".", ",")];
    await cells.nth(0).fill(newA);
    await cells.nth(1).fill(newB);
    s.allowConsole(/ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/);
    await s.context.setOffline(true);
    await s.page.getByRole("button", { name: "Guardar cambios" }).click();
    await visible(s.page.getByText(/^Sin conexión: no se guardó nada/));
    expect(await cells.nth(0).inputValue()).toBe(newA);
    expect(await cells.nth(1).inputValue()).toBe(newB);
    await s.scan();
    await s.context.setOffline(false);
    await s.page.getByRole("button", { name: "Reintentar" }).click();
    await visible(s.page.getByText("Cambios guardados correctamente."));
    expect(await cells.nth(1).inputValue()).toBe(newB.replace(",", "."));
  });

  it("stays on screen, edits kept, when reading the list again fails right after a save", async () => {
    const s = await session({ as: "seller" });
    await openCopy(s, "Reread");
    const cells = priceCells(s);
    const [a, b] = [await cells.nth(0).inputValue(), await cells.nth(1).inputValue()];
    const [newA, newB] = [(Number(a) + 0.25).toFixed(2), (Number(b) + 0.5).toFixed(2)];
    s.allowConsole(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|status of 500/);
    // The save goes through; every read of the page's data after it fails.
    let failedReads = 0;
    await s.page.route(/\/prices-manage\/[^/]+\.data/, (route) => {
      failedReads++;
      return failedReads % 2 === 1 ? route.abort("internetdisconnected") : route.fulfill({ status: 500, body: "" });
    });
    await cells.nth(0).fill(newA);
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    await expect.poll(() => failedReads).toBeGreaterThan(0);
    await cells.nth(1).fill(newB);
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => failedReads).toBeGreaterThan(1);
    await visible(s.page.getByText("Changes saved successfully."));
    await visible(s.page.getByRole("heading", { level: 2, name: "Prices", exact: true }));
    expect([await cells.nth(0).inputValue(), await cells.nth(1).inputValue()]).toEqual([newA, newB]);
    await s.page.unroute(/\/prices-manage\/[^/]+\.data/);
    await s.page.reload();
    expect([await cells.nth(0).inputValue(), await cells.nth(1).inputValue()]).toEqual([newA, newB]);
  });

  it("offers unsaved edits back after a reload, and marks those someone else re-priced since", async () => {
    const s = await session({ as: "seller" });
    const slug = await openCopy(s, "Draft");
    const cells = priceCells(s);
    const first = await cells.nth(0).inputValue();
    const second = await cells.nth(1).inputValue();
    const typedFirst = (Number(first) + 0.2).toFixed(2);
    await cells.nth(0).fill(typedFirst);
    await cells.nth(1).fill((Number(second) + 0.2).toFixed(2));
    // Someone else saves the second price meanwhile, from another browser.
    const other = await session({ as: "admin" });
    await other.goto(`/prices-manage/${slug}`, { axe: false });
    await other.hydrated();
    await priceCells(other)
      .nth(1)
      .fill((Number(second) + 0.1).toFixed(2));
    await other.page.getByRole("button", { name: "Save changes" }).click();
    await visible(other.page.getByText("Changes saved successfully."));

    s.page.once("dialog", (d) => void d.accept());
    await s.page.reload();
    await visible(s.page.getByText(/^You have 2 unsaved prices from /));
    expect(await cells.nth(0).inputValue()).toBe(first);
    await s.page.getByRole("button", { name: "Restore them" }).click();
    expect(await cells.nth(0).inputValue()).toBe(typedFirst);
    await visible(
      s.page.getByText(`Changed by someone else to $${(Number(second) + 0.1).toFixed(2)} since you typed.`),
    );
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByRole("dialog", { name: "Check 1 price before saving" }));
  });

  it("raises a category by 5% with .99 endings in two steps: a preview, then edits to review and save, logged as one entry", async () => {
    const s = await session({ as: "seller" });
    const name = uniqueName("Bulk");
    const slug = await createListCopy(s, name);
    await s.goto(`/prices-manage/${slug}`, { axe: false });
    await s.hydrated();
    await s.page.getByRole("combobox", { name: "Category" }).selectOption("fruits");
    // The rows follow the filters in a deferred render: counted once the count says they did.
    const counts = async () =>
      ((await s.page.getByText(/^\d+ of \d+ products shown$/).innerText()).match(/\d+/g) ?? []).map(Number);
    await expect.poll(async () => new Set(await counts()).size).toBe(2);
    const shown = await s.page.locator("tbody tr").count();
    expect(shown).toBe((await counts())[0]);
    expect(shown).toBeGreaterThan(5);
    await s.page.getByRole("button", { name: `Select all shown (${shown})` }).click();
    await s.page.getByRole("textbox", { name: /^Percent/ }).fill("5");
    await s.page.getByRole("combobox", { name: "Rounding" }).selectOption("ninety-nine");
    await s.page.getByRole("button", { name: "Preview new prices" }).click();
    const preview = s.page.getByRole("dialog", { name: `+5% on ${shown} products` });
    const after = await preview.locator("tbody tr td:nth-child(3)").allInnerTexts();
    expect(after).toHaveLength(shown);
    expect(after.every((p) => p.endsWith(".99"))).toBe(true);
    // Nothing is saved by the preview: the prices become edits.
    await preview.getByRole("button", { name: `Put ${shown} new prices in the editor` }).click();
    await visible(s.page.getByText(`${shown} prices changed`));
    await s.page.getByRole("button", { name: "Review changes" }).click();
    const review = s.page.getByRole("dialog", { name: "Changes to save" });
    expect(await review.locator("tbody tr").count()).toBe(shown);
    await review.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    const cells = await priceCells(s).evaluateAll((all) => all.map((c) => (c as HTMLInputElement).value));
    expect(cells.every((p) => p.endsWith(".99"))).toBe(true);

    // The log holds one entry for the whole change, which opens onto its rows.
    const admin = await session({ as: "admin" });
    await admin.goto(`/activity?product=${encodeURIComponent("Piña dorada")}`, { axe: false });
    const entry = admin.page.getByText(`Bulk +5% on ${shown} products of Fruits in ${name}, rounded to .99`);
    await visible(entry);
    await admin.page.getByText(`Show the prices of products matching “Piña dorada”`).first().click();
    const rows = admin.page.getByRole("list", { name: "Prices changed" }).first();
    await visible(rows.getByRole("listitem").filter({ hasText: /^Gold Pineapple: .*\.99$/ }));
  });

  it("finds products without accents in Spanish, by either language's name", async () => {
    const s = await session({ as: "seller", lang: "es" });
    await openCopy(s, "Buscar");
    const search = s.page.getByRole("searchbox", { name: "Buscar un producto", exact: true });
    for (const [query, want] of [
      ["limon", "Limón persa"],
      ["pina", "Piña dorada"],
      ["avocado", "Aguacate Hass"],
    ] as const) {
      await search.fill(query);
      await visible(s.page.getByRole("rowheader", { name: new RegExp(want) }));
    }
  });
});
