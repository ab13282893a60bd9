import { describe, expect, it } from "vitest";
import { discardEdits, hidden, useBrowser, visible } from "../../support/e2e";
import { createListCopy, uniqueName } from "./fixtures";

const { session } = useBrowser();

describe("the price editor", () => {
  it("saves an edited price, which arrives on a customer's open page without a reload", async () => {
    const customer = await session({ as: "customer" });
    await customer.goto("/pricesprivate");
    await visible(customer.page.getByText("Live: prices update by themselves"));
    const customerRow = customer.page.locator('tr[data-product="limes"]');
    const before = await customerRow.locator("td").last().innerText();

    const seller = await session({ as: "seller" });
    await seller.goto("/prices-manage/customers");
    const input = seller.page.getByRole("textbox", { name: "Limes" });
    const old = await input.inputValue();
    const next = (Number(old) + 1.11).toFixed(2);
    await input.fill("12.345");
    await visible(seller.page.getByText("Invalid price format", { exact: true }));
    // The save bar names it too, in case the row is filtered out or scrolled away.
    await visible(seller.page.getByText(/^Invalid price format: Persian Limes/));
    expect(await seller.page.getByRole("button", { name: "Save changes" }).isDisabled()).toBe(true);
    // A minus sign is named as what is wrong.
    await input.fill("-5");
    await visible(seller.page.getByText("Invalid price format: a price cannot be below $0.", { exact: true }));
    expect(await seller.page.getByRole("button", { name: "Save changes" }).isDisabled()).toBe(true);
    await input.fill(next);
    await visible(seller.page.getByText("You have unsaved changes."));
    await seller.scan();
    await seller.page.getByRole("button", { name: "Save changes" }).click();
    await visible(seller.page.getByText("Changes saved successfully."));
    await hidden(seller.page.getByText("You have unsaved changes."));

    // The customer's page follows without being reloaded.
    await customer.page.waitForFunction(
      ({ want }) => document.querySelector('tr[data-product="limes"] td:last-child')?.textContent === want,
      { want: `$${next}` },
    );
    expect(before).not.toBe(`$${next}`);
  });

  it("discards edits, and asks before leaving with unsaved changes", async () => {
    const s = await session({ as: "seller", lang: "es" });
    await s.goto("/prices-manage/restaurants");
    const input = s.page.locator("tbody input[inputmode=decimal]").first();
    const old = await input.inputValue();
    await input.fill("1.00");
    await visible(s.page.getByText("Tiene cambios sin guardar."));
    // Discard asks first; keeping on editing keeps the edit.
    await s.page.getByRole("button", { name: "Descartar cambios" }).click();
    const confirm = s.page.getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" });
    await confirm.getByRole("button", { name: "Seguir editando" }).click();
    await hidden(confirm);
    expect(await input.inputValue()).toBe("1.00");
    await discardEdits(s.page, "Descartar cambios");
    expect(await input.inputValue()).toBe(old);
    await hidden(s.page.getByText("Tiene cambios sin guardar."));

    await input.fill("2.00");
    await s.page.getByRole("link", { name: "Administrar precios" }).first().click();
    const dialog = s.page.getByRole("alertdialog");
    await visible(dialog.getByText("¿Salir sin guardar?"));
    await dialog.getByRole("button", { name: "Quedarse en esta página" }).click();
    expect(new URL(s.page.url()).pathname).toBe("/prices-manage/restaurants");
    expect(await input.inputValue()).toBe("2.00");
    await s.page.getByRole("link", { name: "Administrar precios" }).first().click();
    await s.page.getByRole("alertdialog").getByRole("button", { name: "Salir" }).click();
    await s.page.waitForURL((url) => url.pathname === "/prices-manage");
  });

  it("bulk-adjusts selected products through the editor, saves a version with a reason and restores it", async () => {
    const s = await session({ as: "seller" });
    await s.goto("/prices-manage/restaurants");
    const rows = s.page.locator("tbody tr");
    const first = rows.nth(0).locator("input[inputmode=decimal]");
    const second = rows.nth(1).locator("input[inputmode=decimal]");
    const third = rows.nth(2).locator("input[inputmode=decimal]");
    const [a, b, c] = [await first.inputValue(), await second.inputValue(), await third.inputValue()];
    await rows.nth(0).getByRole("checkbox").check();
    await rows.nth(1).getByRole("checkbox").check();
    await visible(s.page.getByText("Adjust the 2 selected products"));
    await s.page.getByRole("combobox", { name: "Adjustment" }).selectOption("fixed");
    await s.page.getByRole("textbox", { name: /^Dollars/ }).fill("1.25");
    await s.page.getByRole("button", { name: "Preview new prices" }).click();
    await s.page.getByRole("dialog").getByRole("button", { name: "Put 2 new prices in the editor" }).click();
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    await s.page.waitForFunction(
      (want) =>
        (document.querySelector("tbody tr input[inputmode=decimal]") as HTMLInputElement | null)?.value === want,
      (Number(a) + 1.25).toFixed(2),
    );
    expect(await second.inputValue()).toBe((Number(b) + 1.25).toFixed(2));
    expect(await third.inputValue()).toBe(c);

    await s.page.getByRole("textbox", { name: "Reason (optional)" }).fill("After the morning bump");
    await s.page.getByRole("button", { name: "Save as a new version" }).click();
    await visible(s.page.getByText(/^Version \d+ saved\.$/));
    const saved = await s.page.locator("section[aria-labelledby=versions-heading] li").first().innerText();
    expect(saved).toContain("After the morning bump");

    await third.fill((Number(c) + 0.5).toFixed(2));
    // Restoring right after a save, before the page has read its data again (held back here),
    // names the revision that save made.
    await s.page.route("**/prices-manage/restaurants.data*", async (route) => {
      if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fallback();
    });
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    await s.page
      .locator("section[aria-labelledby=versions-heading] li")
      .filter({ hasText: "After the morning bump" })
      .getByRole("button", { name: "Restore" })
      .click();
    await s.page.getByRole("alertdialog").getByRole("button", { name: "Restore version" }).click();
    await s.page.waitForFunction(
      (want) =>
        (document.querySelectorAll("tbody tr input[inputmode=decimal]")[2] as HTMLInputElement | undefined)?.value ===
        want,
      c,
    );
    await visible(s.page.getByText(/before restoring version/));
  });

  it("saves the list's details right after a price save, before the page has read its data again", async () => {
    const s = await session({ as: "seller" });
    const slug = await createListCopy(s, uniqueName("Details after save"));
    await s.goto(`/prices-manage/${slug}`);
    // The page's re-read after the save is held back: the details form must name the save's revision.
    await s.page.route(`**/prices-manage/${slug}.data*`, async (route) => {
      if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fallback();
    });
    const first = s.page.locator("tbody tr input[inputmode=decimal]").first();
    await first.fill((Number(await first.inputValue()) + 0.25).toFixed(2));
    await s.page.getByRole("button", { name: "Save changes" }).click();
    await visible(s.page.getByText("Changes saved successfully."));
    // Other files read every list's page in Spanish for English words: the text is a name, not a phrase.
    await s.page.getByRole("textbox", { name: "Description in English" }).fill("Hotel Marlin 2027");
    await s.page.getByRole("button", { name: "Save details" }).click();
    await visible(s.page.getByText("Price list updated successfully"));
  });

  it("previews and re-applies the parent's prices, compares a version, removes a product after confirming and adds it back", async () => {
    const s = await session({ as: "seller" });
    // A list of its own: other files read the demo lists' items while this one removes one.
    const slug = await createListCopy(s, uniqueName("Re-apply"));
    await s.goto(`/prices-manage/${slug}`);
    const limes = s.page.getByRole("textbox", { name: "Limes" });
    await limes.fill("77.77");
    await s.page.getByRole("button", { name: "Save changes" }).click();
    // More than 30% above the saved price: asked about, and saved as typed when confirmed.
    await s.page
      .getByRole("dialog", { name: "Check 1 price before saving" })
      .getByRole("button", { name: "Save as typed" })
      .click();
    await visible(s.page.getByText("Changes saved successfully."));
    await s.page.getByRole("textbox", { name: "Reason (optional)" }).fill("Limes at 77.77");
    await s.page.getByRole("button", { name: "Save as a new version" }).click();
    await visible(s.page.getByText(/^Version \d+ saved\.$/));

    await s.page.getByRole("button", { name: "Preview the changes" }).click();
    const preview = s.page.getByTestId("reapply-preview");
    await visible(preview.getByText("Limes"));
    expect(await preview.locator("tr").filter({ hasText: "Limes" }).innerText()).toContain("$77.77");
    await s.page.getByRole("button", { name: /^Apply \d+ changes?$/ }).click();
    await visible(s.page.getByText("Changes saved successfully.").last());
    await s.page.waitForFunction(
      () =>
        (document.querySelector('tr[data-product="limes"] input[inputmode=decimal]') as HTMLInputElement | null)
          ?.value !== "77.77",
    );

    const version = s.page
      .locator("section[aria-labelledby=versions-heading] li")
      .filter({ hasText: "Limes at 77.77" });
    await version.getByRole("button", { name: "Compare with now" }).click();
    const comparison = s.page.getByTestId("version-comparison");
    await visible(comparison.locator("tr").filter({ hasText: "Limes" }));
    expect(await comparison.locator("tr").filter({ hasText: "Limes" }).innerText()).toContain("$77.77");
    await s.scan();

    const row = s.page.locator('tr[data-product="limes"]');
    await row.getByRole("checkbox").check();
    await s.page.getByRole("button", { name: "Remove selected" }).click();
    const dialog = s.page.getByRole("alertdialog");
    await visible(dialog.getByText("Remove 1 product from this list?"));
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    await hidden(row);
    // The catalogue search finds it again outside the list, and adds it back.
    await s.page.getByRole("searchbox", { name: "Find a product of the catalogue" }).fill("lime");
    await s.page.getByRole("button", { name: "Add Persian Limes" }).click();
    await visible(s.page.getByText("Product added to the list."));
    await visible(row);
    await row.getByRole("checkbox").check();
    await s.page.getByRole("button", { name: "Remove selected" }).click();
    await s.page.getByRole("alertdialog").getByRole("button", { name: "Remove", exact: true }).click();
    await hidden(row);
    // Restoring the version saved above brings it back.
    await version.getByRole("button", { name: "Restore" }).click();
    await s.page.getByRole("alertdialog").getByRole("button", { name: "Restore version" }).click();
    await visible(row);
    await s.page.request.post("/prices-manage", { form: { intent: "delete", slug } });
  });
});
