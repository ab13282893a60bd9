/**
 * The one product search (docs/decisions/028-search.md) through the server functions of every table
 * that searches, on the demo catalogue: accents, plurals, trade aliases and either language's name
 * on a Spanish page, exact and prefix matches first, and keys written by every product write.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { importRun, priceList, product } from "../../app/db/schema";
import { createProduct, findManagedProducts, saveProducts } from "../../app/features/catalog/manage.server";
import { parseManageQuery } from "../../app/features/catalog/manage-query";
import { noPriceFilters } from "../../app/features/catalog/price-filters";
import { findPublicPrices } from "../../app/features/catalog/prices.server";
import { findCustomerProducts, findStaffProducts } from "../../app/features/catalog/private-products.server";
import { parsePrivateCatalogQuery } from "../../app/features/catalog/private-query";
import { findPublicProducts } from "../../app/features/catalog/products.server";
import { parseCatalogQuery } from "../../app/features/catalog/query";
import { refreshProductSearchKeys } from "../../app/features/catalog/search-keys.server";
import { importQuickBooksFile } from "../../app/features/imports/run/import-file.server";
import { findImportRows } from "../../app/features/imports/run/rows.server";
import { findMissingProducts, findPriceItems } from "../../app/features/price-lists/items.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";
import { compileSearch, searchKey } from "../../app/lib/search";
import { seedCatalog } from "../../app/setup/seed.server";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

const SPANISH_QUERIES = {
  limón: ["lemons", "limes"],
  limon: ["lemons", "limes"],
  pina: ["pineapple"],
  piña: ["pineapple"],
  avocado: ["aguacates"],
  guineo: ["bananas"],
  platano: [],
} satisfies Record<string, string[]>;

const sorted = (slugs: string[]) => [...slugs].sort();
const publicProducts = async (q: string, extra = "") =>
  (await findPublicProducts(parseCatalogQuery(new URLSearchParams(`q=${encodeURIComponent(q)}${extra}`)), "es"))
    .products;

let seller: Awaited<ReturnType<typeof makeUser>>;
let customersListId: string;

beforeAll(async () => {
  seller = await makeUser("seller");
  await seedCatalog();
  const [list] = await db().select({ id: priceList.id }).from(priceList).where(eq(priceList.slug, "customers"));
  customersListId = list.id;
});

describe(`one search on every table (${test.kind})`, () => {
  it("finds the seeded products from a Spanish page without accents, by plural, alias or English name", async () => {
    const privateQuery = (q: string) => parsePrivateCatalogQuery(new URLSearchParams({ q }));
    for (const [q, expected] of Object.entries(SPANISH_QUERIES)) {
      expect(sorted((await publicProducts(q)).map((p) => p.slug)), `/products ${q}`).toEqual(expected);
      const prices = await findPublicPrices({ filters: { ...noPriceFilters, query: q }, lang: "es" });
      if (prices.kind !== "list") throw new Error("the demo has a public list");
      expect(sorted(prices.rows.map((r) => r.slug)), `/prices ${q}`).toEqual(expected);
      const staff = await findStaffProducts(privateQuery(q), "es", { priceListId: null });
      expect(sorted(staff.products.map((p) => p.slug)), `private /products ${q}`).toEqual(expected);
      const customer = await findCustomerProducts(privateQuery(q), "es", { priceListId: customersListId });
      expect(sorted(customer.products.map((p) => p.slug)), `customer /products ${q}`).toEqual(expected);
      const managed = await findManagedProducts(parseManageQuery(new URLSearchParams({ q })), "es");
      expect(sorted(managed.products.map((p) => p.slug)), `/products/manage ${q}`).toEqual(expected);
    }
  });

  it("ranks a whole name, then a name's start, then a word's start before the page's own order", async () => {
    await createProduct(seller, { nameEn: "Baby Bananas", nameEs: "Bananitos", category: "fruits" });
    await createProduct(seller, { nameEn: "Banana Leaves", nameEs: "Hojas de plátano", category: "others" });
    // Alphabetical would put Baby Bananas first; the whole name "Bananas" and the name starting
    // with it come first, then the word.
    expect((await publicProducts("bananas", "&sort=alphabetical")).map((p) => p.slug)).toEqual([
      "bananas",
      "banana-leaves",
      "baby-bananas",
    ]);
    expect(
      (
        await findManagedProducts(parseManageQuery(new URLSearchParams({ q: "banana", sort: "alphabetical" })), "en")
      ).products.map((p) => p.slug),
    ).toEqual(["bananas", "banana-leaves", "baby-bananas"]);
  });

  it("searches the products a list lacks, for its add-products search, the same way", async () => {
    const list = await createPriceList(seller, emptyListInput("Search"));
    const found = await findMissingProducts(list.id, "LIMON", "es");
    expect(found.map((p) => p.name).sort()).toEqual(["Limón amarillo", "Limón persa"]);
    expect((await findMissingProducts(list.id, "palta", "es")).map((p) => p.name)).toEqual(["Aguacate Hass"]);
    expect(await findMissingProducts(list.id, "%", "es")).toEqual([]);
  });

  it("gives /pricesprivate each item's key for the page's own search", async () => {
    const items = await findPriceItems(customersListId, "es");
    const search = compileSearch("pina")!;
    expect(items.filter((i) => search.rank(i.searchKey) !== null).map((i) => i.slug)).toEqual(["pineapple"]);
  });

  it("keys a product on create and rename, and a start keys rows written without one", async () => {
    const { id } = await createProduct(seller, { nameEn: "Soursop", nameEs: "Guanábana", category: "fruits" });
    expect((await publicProducts("guanabana")).map((p) => p.slug)).toEqual(["soursop"]);
    const [row] = await db().select().from(product).where(eq(product.id, id));
    await saveProducts(seller, [{ id, revision: row.revision, values: { nameEs: "Graviola" } }]);
    expect(await publicProducts("guanabana")).toEqual([]);
    expect((await publicProducts("graviola")).map((p) => p.slug)).toEqual(["soursop"]);

    await db().execute(sql`update ${product} set search_key = '' where slug = 'pineapple'`);
    expect(await publicProducts("pina")).toEqual([]);
    expect(await refreshProductSearchKeys()).toBe(1);
    expect((await publicProducts("pina")).map((p) => p.slug)).toEqual(["pineapple"]);
    expect(await refreshProductSearchKeys()).toBe(0);
  });

  it("keys the products and rows an import writes, and searches a run's results by both", async () => {
    const list = await createPriceList(seller, emptyListInput("Imported"));
    const result = await importQuickBooksFile({
      actor: seller,
      fileName: "qbo_small.csv",
      bytes: readFileSync(path.resolve("tests/fixtures/quickbooks/qbo_small.csv")),
      listSlug: list.slug,
      nameMatch: false,
      publishNew: true,
    });
    if (!result.ok) throw new Error("qbo_small.csv was refused");
    // The test's only run.
    const [run] = await db().select({ id: importRun.id }).from(importRun);
    const created = await db()
      .select({ nameEn: product.nameEn, nameEs: product.nameEs, key: product.searchKey })
      .from(product)
      .where(eq(product.importRunId, run.id));
    expect(created.length).toBeGreaterThan(0);
    for (const p of created) expect(p.key).toBe(searchKey(p.nameEn, p.nameEs));

    const rows = async (q: string) => (await findImportRows(run.id, { search: q })).rows.map((r) => r.item);
    // Items "PIÑA 6" ("PIÑA GOLDEN 6CT") and "LIMON 200" ("LIMÓN PERSA 200CT"), found without accents.
    expect(await rows("pina")).toEqual(["PIÑA 6"]);
    expect(await rows("limon persa")).toEqual(["LIMON 200"]);
    // By SKU too: the row whose SKU is the whole query first, then the others that contain its words.
    expect((await rows("AVO-O48"))[0]).toBe("AVO-ORG-48");
    // A page of a search counts what the search found.
    const page = await findImportRows(run.id, { search: "aguacate", pageSize: 2 });
    expect(page.total).toBeGreaterThan(2);
    expect(page.rows).toHaveLength(2);
    expect((await findImportRows(run.id, { search: "%" })).total).toBe(0);
  });
});
