import { describe, expect, it } from "vitest";
import { pathOf, phone, useBrowser, visible, type Session } from "../../support/e2e";

const { session } = useBrowser();

/** Today in New York, as <input type="date"> takes it. */
function newYorkToday() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
}

/** The calendar day after `day` (YYYY-MM-DD): a day is not always 24 hours in New York. */
function dayAfter(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

const ADMIN_OPTION = "Ana Admin (admin@demo.test)";

/**
 * Real changes made on the site's own screens: a price list copied from Wholesale (an entry for the
 * list and one per price), its copy, a price saved in the editor and a user created by invitation.
 */
async function makeChanges(s: Session) {
  const name = `Activity ${Date.now()}`;
  await s.goto("/prices-manage", { axe: false });
  const form = s.page.getByRole("region", { name: "New price list" });
  await form.getByRole("textbox", { name: "Name in English" }).fill(name);
  await form.getByRole("combobox", { name: "Start from" }).selectOption({ label: "A copy of Wholesale" });
  await form.getByRole("button", { name: "Create price list" }).click();
  await visible(s.page.getByText("Price list added successfully"));
  const row = s.page.locator("section[aria-labelledby=price-lists] tbody tr").filter({
    has: s.page.getByRole("link", { name, exact: true }),
  });
  await row.getByRole("button", { name: "Duplicate" }).click();
  await visible(s.page.getByText("Price list duplicated successfully"));

  await row.getByRole("link", { name, exact: true }).click();
  await s.page.waitForURL((url) => url.pathname.startsWith("/prices-manage/activity-"));
  const slug = new URL(s.page.url()).pathname.split("/").pop()!;
  await s.hydrated();
  const limes = s.page.getByRole("textbox", { name: "Persian Limes" });
  const before = await limes.inputValue();
  const after = (Number(before) + 2.5).toFixed(2);
  await limes.fill(after);
  await s.page.getByRole("button", { name: "Save changes" }).click();
  await visible(s.page.getByText("Changes saved successfully."));

  const email = `activity-${Date.now()}@example.test`;
  await s.goto("/manage-users", { axe: false });
  const create = s.page.locator("form").filter({ has: s.page.getByRole("button", { name: "Create user" }) });
  await create.getByRole("textbox", { name: "Name" }).fill("Olga Owner");
  await create.getByRole("textbox", { name: "Email" }).fill(email);
  await create.getByLabel("Send an invite (they choose their own password)").check();
  await create.getByRole("button", { name: "Create user" }).click();
  await visible(s.page.getByText(email).first());
  return { name, slug, before, after, email };
}

/** Deletes the lists the test made, so other pages keep their usual lists. */
async function removeLists(s: Session, name: string) {
  await s.goto("/prices-manage", { axe: false });
  for (const listName of [`${name} (copy)`, name]) {
    const row = s.page.locator("section[aria-labelledby=price-lists] tbody tr").filter({
      has: s.page.getByRole("link", { name: listName, exact: true }),
    });
    await row.getByRole("button", { name: "Delete" }).click();
    await s.page.getByRole("alertdialog").getByRole("button", { name: "Delete price list" }).click();
    await row.waitFor({ state: "detached" });
  }
}

function entries(s: Session) {
  return s.page.locator("tbody tr[data-entry]");
}

async function applyFilters(
  s: Session,
  filters: { entity?: string; action?: string; user?: string; from?: string; to?: string; product?: string },
) {
  const form = s.page.getByRole("search", { name: "Filter the activity log" });
  await form.getByRole("combobox", { name: "What changed" }).selectOption({ label: filters.entity ?? "Anything" });
  await form.getByRole("combobox", { name: "Action" }).selectOption({ label: filters.action ?? "Any action" });
  await form.getByRole("combobox", { name: "Made by" }).selectOption({ label: filters.user ?? "Anyone" });
  await form.getByLabel("From").fill(filters.from ?? "");
  await form.getByLabel("To").fill(filters.to ?? "");
  await form.getByRole("searchbox", { name: "Product" }).fill(filters.product ?? "");
  const url = s.page.url();
  await form.getByRole("button", { name: "Apply filters" }).click();
  await s.page.waitForURL((u) => u.href !== url);
  await s.hydrated();
}

describe("the activity log", () => {
  it("shows an admin real changes, filtered by entity, action, user, date and product, a copy's prices as one entry", async () => {
    const s = await session({ as: "admin" });
    // The days the changes were made on: midnight may pass while they are made.
    const first = newYorkToday();
    const change = await makeChanges(s);
    const today = newYorkToday();

    await s.goto("/activity");
    await visible(s.page.getByRole("heading", { level: 1, name: "Activity log" }));

    // The saved price: who, the product in its list (linking to the editor), and before → after in dollars.
    await applyFilters(s, { entity: "Price", action: "Updated", user: ADMIN_OPTION, from: first, to: today });
    const query = new URL(s.page.url()).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      entity: "price_item",
      action: "updated",
      from: first,
      to: today,
    });
    const price = entries(s)
      .filter({ hasText: `in ${change.name}` })
      .first();
    await visible(price);
    const text = await price.innerText();
    expect(text).toContain("Ana Admin");
    expect(text).toContain("Persian Limes");
    expect(text).toContain(`$${change.before}`);
    expect(text).toContain(`$${change.after}`);
    expect(text).toContain("Price editor");
    expect(await price.getByRole("link", { name: "Persian Limes" }).getAttribute("href")).toBe(
      `/prices-manage/${change.slug}`,
    );
    expect(await entries(s).filter({ hasNotText: "Updated" }).count()).toBe(0);
    await s.scan();

    // The new user, by entity and action.
    await applyFilters(s, { entity: "User", action: "Created", user: ADMIN_OPTION });
    const created = entries(s).filter({ hasText: change.email });
    await visible(created);
    expect(await created.innerText()).toContain("Invitation sent");

    // A day with nothing yet: the empty state.
    await applyFilters(s, { from: dayAfter(today) });
    await visible(s.page.getByText("No activity matches these filters."));
    expect(await entries(s).count()).toBe(0);

    // The prices each copy created are ONE entry about its list, which expands to its rows.
    await applyFilters(s, { entity: "Price", action: "Created", user: ADMIN_OPTION, from: first });
    const copy = entries(s).filter({ has: s.page.getByRole("link", { name: change.name, exact: true }) });
    await visible(copy);
    expect(await copy.count()).toBe(1);
    const sentence = await copy.getByText(/^\d+ prices set in the new list /).innerText();
    const count = Number(/^(\d+)/.exec(sentence)![1]);
    expect(count).toBeGreaterThan(10);
    expect(sentence).toBe(`${count} prices set in the new list ${change.name}`);
    const rows = copy.getByRole("list", { name: "Prices changed" });
    expect(await rows.isVisible()).toBe(false);
    await copy.getByText(`Show the ${count} prices`).click();
    await visible(rows);
    expect(await rows.getByRole("listitem").count()).toBe(10);
    await visible(copy.getByText(`and ${count - 10} more prices`));
    await s.scan();

    // Found by a product among its rows, by its Spanish name on the English page; the rows shown are its.
    await applyFilters(s, { entity: "Price", user: ADMIN_OPTION, from: first, product: "Limón persa" });
    expect(new URL(s.page.url()).searchParams.get("product")).toBe("Limón persa");
    await visible(copy);
    await copy.getByText("Show the prices of products matching “Limón persa”").click();
    const lime = await visible(copy.getByRole("list", { name: "Prices changed" }).getByRole("listitem"));
    // (The words "from" and "to" around the arrow are for screen readers.)
    expect((await lime.innerText()).replace(/\s+/g, " ")).toMatch(/^Persian Limes: from none → to \$\d+\.\d\d$/);
    await visible(copy.getByText(`and ${count - 1} more prices`));
    // The single price saved in the editor is found by its product too; nothing is found by a name no product has.
    await visible(entries(s).filter({ hasText: `$${change.after}` }));
    await applyFilters(s, { user: ADMIN_OPTION, from: first, product: "no such produce" });
    await visible(s.page.getByText("No activity matches these filters."));

    await s.page.getByRole("link", { name: "Clear filters" }).click();
    await s.page.waitForURL((u) => u.search === "");
    // The form takes the new URL's values once the page has rendered them, a moment after the URL.
    await expect.poll(() => s.page.getByRole("combobox", { name: "What changed" }).inputValue()).toBe("");

    await removeLists(s, change.name);
  });

  it("speaks Spanish, explains a bad filter, and fits a phone", async () => {
    const s = await session({ as: "admin", lang: "es", viewport: phone });
    await s.goto("/activity?entity=price_item&from=2026-02-31");
    await visible(s.page.getByRole("heading", { level: 1, name: "Registro de actividad" }));
    await visible(s.page.getByText("La fecha “Desde” no es una fecha válida; se dejó fuera."));
    expect(await s.page.getByRole("combobox", { name: "Qué cambió" }).inputValue()).toBe("price_item");
    await visible(s.page.getByRole("button", { name: "Aplicar filtros" }));
    const first = entries(s).first();
    await visible(first);
    expect(await first.innerText()).toMatch(/Precio/);
    expect(await first.innerText()).toMatch(/Creación|Modificación|Eliminación/);
    // Every entry reads as a card: nothing is wider than the phone.
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // A grouped entry too (the copies the first test made): a card with its sentence, its rows behind
    // the disclosure, found by a product.
    await s.goto("/activity?entity=price_item&action=created&product=persas");
    const group = entries(s)
      .filter({ hasText: /precios fijados en la nueva lista/ })
      .first();
    await visible(group);
    expect(await group.evaluate((row) => getComputedStyle(row).display)).toBe("grid");
    // Each cell of the card is named by its column, drawn above it.
    const changes = group.getByRole("cell").last();
    expect(await changes.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Cambios" / ""');
    await group.getByText("Ver los precios de los productos que coinciden con “persas”").click();
    const row = await visible(group.getByRole("list", { name: "Precios cambiados" }).getByRole("listitem").first());
    expect((await row.innerText()).replace(/\s+/g, " ")).toMatch(/^Limón persa: de ninguno → a \$\d+\.\d\d$/);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await s.scan();

    const dark = await session({ as: "admin", lang: "es", colorScheme: "dark", theme: "dark" });
    await dark.goto("/activity?action=updated");
    await visible(dark.page.getByText(/\d+ entradas?/));
  });

  it.each(["seller", "customer"] as const)("sends a %s to /unauthorized", async (role) => {
    const s = await session({ as: role });
    await s.goto("/activity", { axe: false });
    expect(pathOf(s.page)).toBe("/unauthorized");
  });
});
