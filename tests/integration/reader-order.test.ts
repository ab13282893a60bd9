/**
 * Names and categories in the order the reader expects, in either language and whatever the
 * database's collation: accents set aside ("Maíz" before "Mango"), categories alphabetical by
 * their name in the reader's language, on every table that orders in the database.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server";
import { priceList, product } from "../../app/db/schema";
import { readerGroups } from "../../app/features/catalog/category-order.server";
import { findManagedProducts } from "../../app/features/catalog/manage.server";
import { parseManageQuery } from "../../app/features/catalog/manage-query";
import { findEditorItems, findEditorPage } from "../../app/features/price-lists/editor-items.server";
import { findPriceItems, findPricePage } from "../../app/features/price-lists/items.server";
import { parseListQuery } from "../../app/features/price-lists/list-query";
import type { Lang } from "../../app/i18n/config";
import { seedCatalog } from "../../app/setup/seed.server";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

let listId: string;

beforeAll(async () => {
  await seedCatalog();
  const [list] = await db().select({ id: priceList.id }).from(priceList).where(eq(priceList.slug, "customers"));
  listId = list.id;
});

/** The categories in the order their items come, each once. */
const categoriesOf = (items: Array<{ category: string | null }>) => [
  ...new Set(items.map((i) => i.category ?? "uncategorized")),
];
const inReaderOrder = (lang: Lang, seen: string[]) => readerGroups(lang).filter((g) => seen.includes(g as string));

describe(`names and categories in the reader's order (${test.kind})`, () => {
  it("sorts Spanish names with accents among the others, not after z", async () => {
    const { products } = await findManagedProducts(
      parseManageQuery(new URLSearchParams({ sort: "alphabetical" })),
      "es",
      // The whole catalogue on one page, whatever it grows to.
      { pageSize: 1_000 },
    );
    const names = products.map((p) => p.nameEs);
    const at = (name: string) => names.indexOf(name);
    const expected = ["Maíz dulce", "Mango Tommy Atkins", "Maní crudo", "Manzana Red Delicious", "Miel de flores"];
    for (const name of expected) expect(at(name), name).toBeGreaterThanOrEqual(0);
    expect([...expected].sort((a, b) => at(a) - at(b))).toEqual(expected);
  });

  it.each(["en", "es"] as const)(
    "reads ñ as the browser's %s collator does: its own letter after n in Spanish, an n in English",
    async (lang) => {
      const names = ["Pollo", "PIÑATA", "Piña", "Pinza", "Pinto", "Pimiento rojo"];
      await db()
        .insert(product)
        .values(
          names.map((name, i) => ({ slug: `enye-${lang}-${i}`, nameEn: name, nameEs: name, basePriceCents: 100 })),
        );
      const { products } = await findManagedProducts(
        parseManageQuery(new URLSearchParams({ sort: "alphabetical" })),
        lang,
        { pageSize: 1_000 },
      );
      const listed = products.filter((p) => p.slug.startsWith(`enye-${lang}-`)).map((p) => p.nameEn);
      const expected = {
        es: ["Pimiento rojo", "Pinto", "Pinza", "Piña", "PIÑATA", "Pollo"],
        en: ["Pimiento rojo", "Piña", "PIÑATA", "Pinto", "Pinza", "Pollo"],
      }[lang];
      expect(listed).toEqual(expected);
      expect([...names].sort(new Intl.Collator(lang, { sensitivity: "base" }).compare)).toEqual(expected);
    },
  );

  it.each(["en", "es"] as const)("groups a list's items by category in the %s reader's order", async (lang) => {
    for (const items of [await findPriceItems(listId, lang), await findEditorItems(listId, lang)]) {
      const seen = categoriesOf(items);
      expect(seen).toEqual(inReaderOrder(lang, seen));
    }
    // A long list's pages are ordered by the database the same way.
    const query = parseListQuery(new URLSearchParams({ sort: "category" }));
    for (const page of [
      await findPricePage(listId, lang, query, { staff: true }),
      await findEditorPage(listId, lang, query),
    ]) {
      const seen = categoriesOf(page.rows);
      expect(seen).toEqual(inReaderOrder(lang, seen));
    }
  });
});
