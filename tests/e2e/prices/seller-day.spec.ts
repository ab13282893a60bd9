import type { Dialog } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hidden, useBrowser, visible } from "../../support/e2e";
import { priceRow, registerCustomer, uniqueName } from "./fixtures";

const { session } = useBrowser();

/** "$1,234.56" → 123456. */
function centsOf(text: string) {
  return Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);
}

/** US dollars as the English pages show them. */
function dollars(cents: number) {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * A percentage in hundredths of a percent applied to cents, rounded half-up to the cent, worked out
 * here on its own.
 */
function plusPercent(cents: number, basisPoints: number) {
  const numerator = cents * (10_000 + basisPoints);
  return Math.floor((2 * numerator + 10_000) / 20_000);
}

describe("a seller's day", () => {
  it("creates a list from Wholesale, edits, adjusts and versions it while an assigned customer watches, then deletes it", async () => {
    const listName = uniqueName("Seller day");
    const customerName = "Dora Daylight";
    const customerEmail = `${uniqueName("day").replace(/\s+/g, "-").toLowerCase()}@example.test`;

    // Morning: a new list copied from Wholesale, 12.5% up, checked in the preview first.
    const seller = await session({ as: "seller" });
    await seller.goto("/prices-manage");
    const form = seller.page.getByRole("region", { name: "New price list" });
    await form.getByRole("textbox", { name: "Name in English" }).fill(listName);
    await form.getByRole("combobox", { name: "Start from" }).selectOption({ label: "A copy of Wholesale" });
    await form.getByRole("combobox", { name: "Adjustment" }).selectOption("percentage");
    await form.getByRole("textbox", { name: /^Percent/ }).fill("12.5");
    const preview = seller.page.getByTestId("create-preview").getByRole("row");
    await visible(preview.first());
    const previewed: { name: string; now: number; next: number }[] = [];
    for (const row of await preview.all()) {
      const [name, now] = await Promise.all([0, 1].map((i) => row.getByRole("cell").nth(i).innerText()));
      const expected = plusPercent(centsOf(now), 1250);
      // The New column follows the typed adjustment; wait for it rather than read it once.
      await visible(row.getByRole("cell", { name: dollars(expected), exact: true }));
      previewed.push({ name, now: centsOf(now), next: expected });
    }
    expect(previewed.length).toBeGreaterThanOrEqual(4);
    expect(
      previewed.some((p) => (p.now * 1250) % 10_000 !== 0),
      "at least one previewed price needed rounding",
    ).toBe(true);
    await form.getByRole("button", { name: "Create price list" }).click();
    await visible(seller.page.getByText("Price list added successfully"));
    const listLink = seller.page
      .getByRole("region", { name: "Price lists", exact: true })
      .getByRole("link", { name: listName, exact: true });
    await visible(listLink);
    const listRow = seller.page
      .getByRole("row")
      .filter({ has: seller.page.getByRole("link", { name: listName, exact: true }) });
    expect(await listRow.innerText()).toContain("Wholesale +12.5%");

    // The editor holds the previewed prices.
    await listLink.click();
    await seller.page.waitForURL((url) => url.pathname.startsWith("/prices-manage/"));
    const slug = new URL(seller.page.url()).pathname.split("/").pop()!;
    await visible(seller.page.getByRole("heading", { level: 1, name: listName }));
    await seller.hydrated();
    const price = (name: string) => seller.page.getByRole("textbox", { name, exact: true });
    for (const p of previewed) expect(await price(p.name).inputValue(), p.name).toBe((p.next / 100).toFixed(2));

    // A customer of the day: a new account, assigned to this list.
    const customer = await session();
    await registerCustomer(customer, customerName, customerEmail);
    await seller.page.reload();
    await seller.hydrated();
    const customers = seller.page.getByRole("region", { name: "Customers who see this list" });
    await customers.getByRole("checkbox", { name: new RegExp(customerEmail.replace(/[.]/g, "\\.")) }).check();
    await customers.getByRole("button", { name: "Save customers" }).click();
    await visible(customers.getByText("Price list updated successfully"));
    await seller.scan();

    await customer.goto("/pricesprivate");
    await visible(customer.page.getByRole("heading", { level: 2, name: listName }));
    await visible(customer.page.getByText("Live: prices update by themselves"));
    // A mark on the page's window: it survives only as long as the page is not reloaded.
    await customer.page.evaluate(() => Object.assign(window, { sameCustomerPage: true }));
    const customerPrice = (name: string, cents: number) =>
      visible(priceRow(customer.page, name).getByRole("cell", { name: dollars(cents), exact: true }), 20_000);
    await customerPrice(previewed[0].name, previewed[0].next);

    // Two prices edited in place and saved; they reach the customer's open page.
    const [a, b, c, d] = previewed;
    const newA = a.next + 37;
    const newB = b.next + 150;
    await price(a.name).fill((newA / 100).toFixed(2));
    await price(b.name).fill((newB / 100).toFixed(2));
    await visible(seller.page.getByText("You have unsaved changes."));
    await seller.page.getByRole("button", { name: "Save changes" }).click();
    await visible(seller.page.getByText("Changes saved successfully."));
    await hidden(seller.page.getByText("You have unsaved changes."));
    await customerPrice(a.name, newA);
    await customerPrice(b.name, newB);

    // Two other products moved up by a fixed $0.35 together.
    await seller.page.getByRole("checkbox", { name: `Select ${c.name}`, exact: true }).check();
    await seller.page.getByRole("checkbox", { name: `Select ${d.name}`, exact: true }).check();
    await visible(seller.page.getByText("Adjust the 2 selected products"));
    await seller.page.getByRole("combobox", { name: "Adjustment" }).selectOption("fixed");
    await seller.page.getByRole("textbox", { name: /^Dollars/ }).fill("0.35");
    await seller.page.getByRole("button", { name: "Preview new prices" }).click();
    await seller.page.getByRole("dialog").getByRole("button", { name: "Put 2 new prices in the editor" }).click();
    await seller.page.getByRole("button", { name: "Save changes" }).click();
    for (const p of [c, d]) {
      await expect.poll(() => price(p.name).inputValue(), { timeout: 20_000 }).toBe(((p.next + 35) / 100).toFixed(2));
    }
    await visible(seller.page.getByText("Changes saved successfully."));
    expect(await price(a.name).inputValue()).toBe((newA / 100).toFixed(2));
    expect(await seller.page.getByRole("checkbox", { name: `Select ${c.name}`, exact: true }).isChecked()).toBe(false);
    await customerPrice(c.name, c.next + 35);
    await customerPrice(d.name, d.next + 35);

    // The end of the morning, kept as a version with its reason.
    const reason = `End of the morning ${listName}`;
    const versions = seller.page.getByRole("region", { name: "Versions" });
    await versions.getByRole("textbox", { name: "Reason (optional)" }).fill(reason);
    await versions.getByRole("button", { name: "Save as a new version" }).click();
    await visible(versions.getByText(/^Version \d+ saved\.$/));
    const saved = versions.getByRole("listitem").filter({ hasText: reason });
    await visible(saved);
    expect(await saved.innerText()).toContain("by Sergio Seller");
    await saved.getByRole("button", { name: "Compare with now" }).click();
    await visible(versions.getByText("No price differs from this version."));

    // Leaving with a pending edit asks first; staying keeps the edit, leaving drops it.
    await price(a.name).fill("1.00");
    await visible(seller.page.getByText("You have unsaved changes."));
    // Closing the tab (or reloading) asks the browser's own question; dismissing it keeps the page.
    const question = new Promise<Dialog>((resolve) => seller.page.once("dialog", resolve));
    await seller.page.close({ runBeforeUnload: true });
    const asked = await question;
    expect(asked.type()).toBe("beforeunload");
    await asked.dismiss();
    expect(seller.page.isClosed()).toBe(false);
    const back = seller.page
      .getByRole("navigation", { name: "Back to" })
      .getByRole("link", { name: "Administer prices" });
    await back.click();
    const leave = seller.page.getByRole("alertdialog", { name: "Leave without saving?" });
    await visible(leave);
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await hidden(leave);
    expect(new URL(seller.page.url()).pathname).toBe(`/prices-manage/${slug}`);
    expect(await price(a.name).inputValue()).toBe("1.00");
    await back.click();
    await seller.page
      .getByRole("alertdialog", { name: "Leave without saving?" })
      .getByRole("button", { name: "Leave", exact: true })
      .click();
    await seller.page.waitForURL((url) => url.pathname === "/prices-manage");
    await listLink.click();
    await seller.page.waitForURL((url) => url.pathname === `/prices-manage/${slug}`);
    expect(await price(a.name).inputValue()).toBe((newA / 100).toFixed(2));
    // The customer's page followed everything without being reloaded, and never saw the dropped edit.
    expect(await customer.page.evaluate(() => (window as { sameCustomerPage?: boolean }).sameCustomerPage)).toBe(true);
    await customerPrice(a.name, newA);

    // Evening: the list goes, after a second thought.
    await seller.page
      .getByRole("navigation", { name: "Back to" })
      .getByRole("link", { name: "Administer prices" })
      .click();
    await seller.page.waitForURL((url) => url.pathname === "/prices-manage");
    await listRow.getByRole("button", { name: "Delete" }).click();
    const confirm = seller.page.getByRole("alertdialog");
    await visible(confirm.getByText(`Delete the price list “${listName}”?`));
    await visible(confirm.getByText("Customers who see this list will see the default list instead."));
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await hidden(confirm);
    expect(await listRow.count()).toBe(1);
    await listRow.getByRole("button", { name: "Delete" }).click();
    await seller.page.getByRole("alertdialog").getByRole("button", { name: "Delete price list" }).click();
    await visible(seller.page.getByText("Price list deleted successfully"));
    await hidden(listRow);

    // The customer now sees the default list for customers.
    await customer.goto("/pricesprivate");
    await visible(customer.page.getByRole("heading", { level: 2, name: "Customers", exact: true }));
    expect(await customer.page.getByRole("heading", { level: 2, name: listName }).count()).toBe(0);
    // A whole day in one test: on a busy machine it takes longer than the default minute.
  }, 180_000);
});
