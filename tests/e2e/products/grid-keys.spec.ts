import { describe, expect, it } from "vitest";
import { hidden, phone, scanAccessibility, useBrowser, visible, type Session } from "../../support/e2e";

const { session } = useBrowser();

let counter = 0;

/**
 * Three inactive products of this test's own (A, B, C, priced $10, $11 and $12), made through the
 * screen's action as the browser would post it, and the screen opened on them alone. Inactive, so
 * no other spec's public counts see them; named uniquely, so no other spec's edits meet them.
 */
async function openOwnProducts(s: Session, prefix: string) {
  counter++;
  const tag = `${prefix}${process.pid.toString(36)}${Date.now().toString(36)}${counter}`;
  for (const [i, letter] of ["A", "B", "C"].entries()) {
    const name = `Grid ${tag} ${letter}`;
    const fields = { nameEn: name, nameEs: name, basePrice: `${10 + i}.00`, quantity: "5", active: "false" };
    const res = await s.page.request.post("/products/manage", {
      form: { intent: "create", fields: JSON.stringify(fields) },
    });
    if (res.status() !== 200) throw new Error(`creating ${name} answered ${res.status()}`);
  }
  await s.goto(`/products/manage?q=${tag}`, { axe: false });
  return { tag, name: (letter: "A" | "B" | "C") => `Grid ${tag} ${letter}` };
}

/** A text cell by its label, "<field> of <product>" ("<campo> de <producto>" in Spanish). */
const cell = (s: Session, field: string, product: string, of = "of") =>
  s.page.getByRole("textbox", { name: `${field} ${of} ${product}`, exact: true });

const focusedId = (s: Session) => s.page.evaluate(() => document.activeElement?.id ?? "");

describe("the product grid at 5 AM", () => {
  it("takes several cells from the keyboard alone, puts one back with Esc, keeps the focused row and the save bar in view, and saves with Ctrl+S", async () => {
    const s = await session({ as: "seller" });
    const { name } = await openOwnProducts(s, "keys");
    const price = (p: "A" | "B" | "C") => cell(s, "Base price ($)", name(p));

    await price("A").click();
    // Typing replaces the cell (its text is selected on focus); Enter moves down one row.
    await s.page.keyboard.type("10.5");
    await s.page.keyboard.press("Enter");
    expect(await focusedId(s)).toBe(await price("B").getAttribute("id"));
    await s.page.keyboard.type("11,50");
    await s.page.keyboard.press("ArrowDown");
    await s.page.keyboard.type("$12.25");
    await s.page.keyboard.press("ArrowUp");
    expect(await focusedId(s)).toBe(await price("B").getAttribute("id"));
    // Tab goes to the next editable cell of the row: the quantity.
    await s.page.keyboard.press("Tab");
    const quantityB = cell(s, "Quantity", name("B"));
    expect(await focusedId(s)).toBe(await quantityB.getAttribute("id"));
    await s.page.keyboard.type("7");
    await visible(s.page.getByText("was 5"));
    await s.page.keyboard.press("Escape");
    expect(await quantityB.inputValue()).toBe("5");
    await hidden(s.page.getByText("was 5"));
    await s.page.keyboard.press("Tab");
    expect(await focusedId(s)).toBe(await cell(s, "Unit", name("B")).getAttribute("id"));
    await s.page.keyboard.type("case");

    const focused = await s.page.locator("input:focus").boundingBox();
    expect(focused, "the focused cell is on screen").not.toBeNull();
    expect(focused!.y).toBeGreaterThanOrEqual(0);
    expect(focused!.y + focused!.height).toBeLessThanOrEqual(800);

    // Each changed cell shows the saved value it replaces.
    await visible(s.page.getByText("was $10.00"));
    await visible(s.page.getByText("was $11.00"));
    const bar = s.page.getByText("You have unsaved changes.");
    await visible(bar);
    await visible(s.page.getByText("3 products edited"));
    await s.page.evaluate(() => scrollTo(0, 0));
    const barBox = await bar.boundingBox();
    expect(barBox!.y).toBeGreaterThan(600);
    expect(barBox!.y).toBeLessThan(800);
    await s.scan();

    await s.page.getByRole("button", { name: "Review changes" }).click();
    const review = s.page.getByRole("dialog", { name: "Changes to save" });
    await visible(review.getByRole("cell", { name: "$11.50" }));
    expect(await review.locator("tbody tr").count()).toBe(4);
    await scanAccessibility(s.page, { modalOpen: true });
    await review.getByRole("button", { name: "Close" }).click();

    await price("C").focus();
    await s.page.keyboard.press("Control+s");
    await visible(s.page.getByText("Changes saved successfully."));
    await hidden(s.page.getByText("You have unsaved changes."));
    await s.page.reload();
    expect(await price("A").inputValue()).toBe("10.50");
    expect(await price("B").inputValue()).toBe("11.50");
    expect(await price("C").inputValue()).toBe("12.25");
    expect(await quantityB.inputValue()).toBe("5");
    expect(await cell(s, "Unit", name("B")).inputValue()).toBe("case");
    // Saved, the draft is gone: nothing is offered.
    await hidden(s.page.getByText(/unsaved change/));
  });

  it("reaches a row's image and checkbox with ←, and the same one in the next row with ↓", async () => {
    const s = await session({ as: "seller" });
    const { name } = await openOwnProducts(s, "arrows");
    const focused = () => s.page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

    await cell(s, "Name (English)", name("A")).click();
    await s.page.keyboard.press("Home");
    await s.page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe(`Change the image of ${name("A")}`);
    await s.page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe(`Select ${name("A")}`);
    await s.page.keyboard.press("ArrowDown");
    expect(await focused()).toBe(`Select ${name("B")}`);
    await s.page.keyboard.press("ArrowRight");
    await s.page.keyboard.press("ArrowRight");
    expect(await focused()).toBe(`Name (English) of ${name("B")}`);
    // Along the row, a select is passed over, never changed: its own arrows are ↑ and ↓.
    await s.page.keyboard.press("End");
    await s.page.keyboard.press("ArrowRight");
    await s.page.keyboard.press("End");
    await s.page.keyboard.press("ArrowRight");
    const category = s.page.getByRole("combobox", { name: `Category of ${name("B")}` });
    const before = await category.inputValue();
    expect(await focused()).toBe(`Category of ${name("B")}`);
    await s.page.keyboard.press("ArrowRight");
    expect(await focused()).toBe(`Base price ($) of ${name("B")}`);
    expect(await category.inputValue()).toBe(before);
    await hidden(s.page.getByText("You have unsaved changes."));
  });

  it("keeps every edit through a save with the network down, and Retry saves them when it is back", async () => {
    const s = await session({ as: "seller", lang: "es", viewport: phone, theme: "dark" });
    // The browser reports the save it could not send.
    s.allowConsole(/ERR_INTERNET_DISCONNECTED/);
    const { name } = await openOwnProducts(s, "offline");
    const price = cell(s, "Precio base ($)", name("A"), "de");
    const quantity = cell(s, "Cantidad", name("B"), "de");
    await price.fill("10,75");
    await quantity.fill("9");
    await s.context.setOffline(true);
    await s.page.getByRole("button", { name: "Guardar cambios" }).click();
    await visible(s.page.getByText(/^Sin conexión: no se guardó nada/));
    expect(await price.inputValue()).toBe("10,75");
    expect(await quantity.inputValue()).toBe("9");
    await visible(s.page.getByRole("heading", { name: "Administrar productos" }));
    await s.scan();
    await s.context.setOffline(false);
    await s.page.getByRole("button", { name: "Reintentar" }).click();
    await visible(s.page.getByText("Cambios guardados correctamente."));
    await hidden(s.page.getByText("Tiene cambios sin guardar."));
    // As saved, once the page's data is read again.
    await expect.poll(() => price.inputValue()).toBe("10.75");
    expect(await quantity.inputValue()).toBe("9");
  });

  it("offers unsaved edits back after leaving or reloading, on their own filters, and marks a row someone else saved since", async () => {
    const s = await session({ as: "seller" });
    // The save over the other person's is refused first (409), which the browser reports.
    s.allowConsole(/status of 409/);
    const { tag, name } = await openOwnProducts(s, "draft");
    await cell(s, "Base price ($)", name("A")).fill("10.40");
    await cell(s, "Quantity", name("B")).fill("8");

    // Someone else saves product B meanwhile, from another browser.
    const other = await session({ as: "admin" });
    await other.goto(`/products/manage?q=${tag}`, { axe: false });
    await cell(other, "Unit", name("B")).fill("bag");
    await other.page.getByRole("button", { name: "Save changes" }).click();
    await visible(other.page.getByText("Changes saved successfully."));

    // The tab is closed on these filters and the screen opened again on its first page.
    s.page.once("dialog", (d) => void d.accept());
    await s.goto("/products/manage");
    await visible(s.page.getByText(/^You have 2 unsaved changes from .+ on this device\.$/));
    await s.page.getByRole("button", { name: "Restore them" }).click();
    // Restoring goes back to the filters the edits were typed on.
    await s.page.waitForURL((url) => url.searchParams.get("q") === tag);
    await visible(s.page.getByText("2 products edited"));
    expect(await cell(s, "Base price ($)", name("A")).inputValue()).toBe("10.40");
    expect(await cell(s, "Quantity", name("B")).inputValue()).toBe("8");
    await visible(s.page.getByText("Changed by someone else since you typed: saving shows their change first."));

    // A reload offers them again, here on the same filters.
    s.page.once("dialog", (d) => void d.accept());
    await s.page.reload();
    await visible(s.page.getByText(/^You have 2 unsaved changes from /));
    expect(await cell(s, "Base price ($)", name("A")).inputValue()).toBe("10.00");
    await s.page.getByRole("button", { name: "Restore them" }).click();
    expect(await cell(s, "Base price ($)", name("A")).inputValue()).toBe("10.40");

    // Never over their save unasked: the save shows it, and goes over it only when told.
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("Someone else saved these products after you opened them. Nothing was saved."));
    expect(await cell(s, "Quantity", name("B")).inputValue()).toBe("8");
    await s.page.getByRole("button", { name: "Save mine anyway" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    await s.page.reload();
    expect(await cell(s, "Base price ($)", name("A")).inputValue()).toBe("10.40");
    expect(await cell(s, "Quantity", name("B")).inputValue()).toBe("8");
    expect(await cell(s, "Unit", name("B")).inputValue()).toBe("bag");
    await hidden(s.page.getByText(/unsaved change/));
  });

  it("keeps edits typed under two filters in one draft: each page restores its own and leads to the other's", async () => {
    const s = await session({ as: "seller" });
    const first = await openOwnProducts(s, "one");
    const second = await openOwnProducts(s, "two");
    const leave = async () => {
      await s.page
        .getByRole("alertdialog", { name: "Leave without saving?" })
        .getByRole("button", { name: "Leave", exact: true })
        .click();
    };
    await cell(s, "Quantity", second.name("A")).fill("9");

    // The other filters, opened in a new load: the draft is offered, and a cell is typed meanwhile.
    s.page.once("dialog", (d) => void d.accept());
    await s.goto(`/products/manage?q=${first.tag}`, { axe: false });
    await visible(s.page.getByText(/^You have 1 unsaved change from /));
    await cell(s, "Base price ($)", first.name("A")).fill("10.40");
    // Nothing of the draft is on this page: restoring opens the page its edit was typed on.
    await s.page.getByRole("button", { name: "Restore them" }).click();
    await leave();
    await s.page.waitForURL((url) => url.searchParams.get("q") === second.tag);
    expect(await cell(s, "Quantity", second.name("A")).inputValue()).toBe("9");
    // What was typed on the first filters is kept, named, and one click away.
    await visible(
      s.page.getByText(
        `1 product edited under other filters or on another page is kept in the draft: ${first.name("A")}.`,
      ),
    );
    await s.page.getByRole("button", { name: "Show them" }).click();
    await leave();
    await s.page.waitForURL((url) => url.searchParams.get("q") === first.tag);
    expect(await cell(s, "Base price ($)", first.name("A")).inputValue()).toBe("10.40");
    await visible(s.page.getByText(`kept in the draft: ${second.name("A")}.`, { exact: false }));

    // Saving this page leaves the other's edit in the draft, offered on the next visit.
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    await s.page.reload();
    expect(await cell(s, "Base price ($)", first.name("A")).inputValue()).toBe("10.40");
    await visible(s.page.getByText(/^You have 1 unsaved change from /));
    await s.page.getByRole("button", { name: "Restore them" }).click();
    await s.page.waitForURL((url) => url.searchParams.get("q") === second.tag);
    expect(await cell(s, "Quantity", second.name("A")).inputValue()).toBe("9");
  });

  it("flags a big base-price jump and a missing decimal mark, lists them before saving, and saves them once confirmed", async () => {
    const s = await session({ as: "seller" });
    const { name } = await openOwnProducts(s, "guard");
    const a = cell(s, "Base price ($)", name("A"));
    const b = cell(s, "Base price ($)", name("B"));
    await a.fill("14.50");
    await b.fill("1150");
    await visible(s.page.getByText("A big change (+45", { exact: false }));
    await visible(s.page.getByText("Missing decimals? Did you mean $11.50?"));
    await s.page.getByRole("button", { name: "Save changes" }).click();
    const dialog = s.page.getByRole("dialog", { name: "Check 2 prices before saving" });
    await visible(dialog.getByRole("cell", { name: "More than 30% change" }));
    await visible(dialog.getByRole("cell", { name: "Missing decimals?" }));
    await scanAccessibility(s.page, { modalOpen: true });
    // Going back keeps every edit; confirming saves them as typed.
    await dialog.getByRole("button", { name: "Go back and fix" }).click();
    expect(await a.inputValue()).toBe("14.50");
    // The focus goes to the first price to check, its text selected to be typed over.
    await s.page.waitForFunction((input) => input === document.activeElement, await a.elementHandle());
    expect(await a.evaluate((e: HTMLInputElement) => [e.selectionStart, e.selectionEnd])).toEqual([0, 5]);
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByRole("button", { name: "Save as typed" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    await s.page.reload();
    expect(await a.inputValue()).toBe("14.50");
    expect(await b.inputValue()).toBe("1150.00");
  });
});
