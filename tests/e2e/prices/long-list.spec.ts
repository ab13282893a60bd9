import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initAuth, resetAuthForTests } from "../../../app/auth/auth.server";
import { closeDatabase, db, openDatabase } from "../../../app/db/client.server";
import { migrateDatabase } from "../../../app/db/migrate.server";
import { user } from "../../../app/db/schema";
import { WHOLE_LIST_MAX } from "../../../app/features/price-lists/list-query";
import { compileSearch } from "../../../app/lib/search";
import { seedCatalog, seedDemoAccounts } from "../../../app/setup/seed.server";
import { insertBigList, type BigList } from "../../support/big-list";
import { discardEdits, signInWithForm, useBrowser, visible } from "../../support/e2e";
import { startPostgres, type PostgresServer } from "../../support/postgres-server";
import { demoPassword, startAppServer, type AppServer } from "../../support/server";

/**
 * A list longer than the editor holds whole, on a server of its own (PostgreSQL): the run's shared
 * demo database must keep its short catalogue for the other specs.
 */
let postgres: PostgresServer;
let app: AppServer;
let client: pg.Client;
let list: BigList;
const ITEMS = WHOLE_LIST_MAX + 500;

beforeAll(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url() });
  await admin.connect();
  await admin.query("create database long_list");
  await admin.end();
  const handle = await openDatabase({ kind: "postgres", url: postgres.url("long_list") });
  try {
    await migrateDatabase(handle);
    await initAuth();
    await seedCatalog();
    await seedDemoAccounts();
    const [seller] = await db().select({ id: user.id }).from(user).where(eq(user.email, "seller@demo.test"));
    list = await insertBigList(seller.id, ITEMS);
  } finally {
    resetAuthForTests();
    await closeDatabase();
  }
  app = await startAppServer({ databaseUrl: postgres.url("long_list") });
  client = new pg.Client({ connectionString: postgres.url("long_list") });
  await client.connect();
}, 240_000);

afterAll(async () => {
  await client?.end();
  await app?.stop();
  await postgres?.stop();
});

const { session } = useBrowser();

async function signedIn(viewport?: { width: number; height: number }) {
  const s = await session({ baseURL: app.url, viewport });
  await s.goto("/login", { axe: false });
  await signInWithForm(s.page, "seller@demo.test", demoPassword);
  await s.page.waitForURL("**/dashboard");
  return s;
}

async function priceOf(productId: string) {
  const { rows } = await client.query<{ price_cents: number }>(
    "select price_cents from price_list_item where price_list_id = $1 and product_id = $2",
    [list.listId, productId],
  );
  return rows[0]?.price_cents;
}

describe("a list too long to hold whole", () => {
  it("is searched by the server as it is typed, keeps edits from page to page and through a reload, and saves them", async () => {
    const s = await signedIn();
    await s.goto(`/prices-manage/${list.slug}`);
    await visible(
      s.page.getByText(`${ITEMS.toLocaleString("en-US")} of ${ITEMS.toLocaleString("en-US")} products match`),
    );

    const limes = list.products.filter((p) => compileSearch("limon")!.rank(p.searchKey) !== null);
    await s.page.getByRole("searchbox", { name: "Find a product", exact: true }).fill("limon");
    await s.page.waitForURL(/[?&]q=limon/);
    await visible(s.page.getByText(`${limes.length} of ${ITEMS.toLocaleString("en-US")} products match`));

    // A price typed in the search's answer, another on the second page of the whole list.
    const first = list.products.find((p) => p.nameEn === "Lemons lot 1")!;
    await s.page.getByRole("textbox", { name: "Lemons lot 1", exact: true }).fill("41.50");
    await s.page.getByRole("searchbox", { name: "Find a product", exact: true }).fill("");
    await s.page.waitForURL((url) => !url.search.includes("q="));
    await visible(
      s.page.getByText(`${ITEMS.toLocaleString("en-US")} of ${ITEMS.toLocaleString("en-US")} products match`),
    );
    await s.page.getByRole("link", { name: "Next" }).click();
    await visible(s.page.getByText("Page 2 of 15"));
    const input = s.page.locator('input[id^="price-"]').first();
    const inputId = await input.getAttribute("id");
    const second = list.products.find((p) => `price-${p.id}` === inputId)!;
    await input.fill("42.50");
    await visible(s.page.getByText("2 prices changed"));
    // Reloaded, the draft comes back whole, the first page's edit too.
    await s.page.reload();
    await s.hydrated();
    await s.page.getByRole("button", { name: "Restore them" }).click();
    await visible(s.page.getByText("2 prices changed"));
    await s.page.getByRole("button", { name: "Review changes" }).click();
    const review = s.page.getByRole("dialog");
    await visible(review.getByRole("rowheader", { name: "Lemons lot 1", exact: true }));
    await visible(review.getByRole("rowheader", { name: second.nameEn, exact: true }));
    await review.getByRole("button", { name: "Save changes" }).click();
    const confirm = s.page.getByRole("button", { name: "Save as typed" });
    await confirm.or(s.page.getByText("Changes saved successfully.")).first().waitFor();
    if (await confirm.isVisible()) await confirm.click();
    await visible(s.page.getByText("Changes saved successfully."));
    expect(await priceOf(first.id)).toBe(4150);
    expect(await priceOf(second.id)).toBe(4250);
  });

  it("filters and sorts by the server, and a bulk adjustment moves the rows ticked on this page", async () => {
    const s = await signedIn();
    await s.goto(`/prices-manage/${list.slug}`);
    await s.page.getByRole("combobox", { name: "Category" }).selectOption({ label: "Herbs" });
    await s.page.waitForURL(/category=herbs/);
    const herbs = list.products.filter((p) => p.category === "herbs");
    await visible(s.page.getByText(`${herbs.length} of ${ITEMS.toLocaleString("en-US")} products match`));
    await s.page.getByRole("combobox", { name: "Sort by" }).selectOption("price-desc");
    // The dearest herb comes first once the server's page is shown.
    const top = (Math.max(...herbs.map((p) => p.priceCents)) / 100).toFixed(2);
    await s.page.waitForFunction(
      (want) => document.querySelector<HTMLInputElement>('input[id^="price-"]')?.value === want,
      top,
    );
    expect(s.page.url()).toContain("sort=price-desc");

    await s.page.getByRole("button", { name: "Select the 200 on this page" }).click();
    await visible(s.page.getByText("Adjust the 200 selected products"));
    await s.page.getByLabel("Percent (use - to lower)").fill("10");
    await s.page.getByRole("button", { name: "Preview new prices" }).click();
    await s.page.getByRole("button", { name: "Put 200 new prices in the editor" }).click();
    await visible(s.page.getByText("200 prices changed"));
    await discardEdits(s.page);
  });

  it("opens on /pricesprivate a page at a time, in Spanish on a phone", async () => {
    const s = await signedIn({ width: 390, height: 844 });
    await s.goto(`/pricesprivate/${list.slug}?q=pina&lang=es`);
    const pinas = list.products.filter((p) => compileSearch("pina")!.rank(p.searchKey) !== null);
    await visible(s.page.getByText(`${pinas.length} de ${ITEMS.toLocaleString("en-US")} productos`));
    expect(await s.page.locator("tr[data-product]").count()).toBe(pinas.length);
    await s.goto(`/pricesprivate/${list.slug}`);
    expect(await s.page.locator("tr[data-product]").count()).toBe(200);
    await s.page.getByRole("link", { name: "Siguiente" }).click();
    await visible(s.page.getByText("Página 2 de 15"));
  });
});
