import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { priceList, priceListItem, product } from "../../app/db/schema";
import { seedCatalog } from "../../app/setup/seed.server";
import { seedProducts } from "../../app/setup/seed-data";
import { findPublicProducts } from "../../app/features/catalog/products.server";
import { parseCatalogQuery } from "../../app/features/catalog/query";
import { productJsonLd } from "../../app/features/catalog/structured-data";
import type { Lang } from "../../app/i18n/config";
import { loader as productLoader } from "../../app/routes/product";
import { loader as productsLoader } from "../../app/routes/products";
import { callRoute, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";
import { refreshProductSearchKeys } from "../../app/features/catalog/search-keys.server";

const test = await useTestDatabase();

type ProductsData = Awaited<ReturnType<typeof productsLoader>>;
type PublicData = Extract<ProductsData, { view: "public" }>;
type ProductData = Awaited<ReturnType<typeof productLoader>>;

/** The public catalogue, as an anonymous visitor gets it. */
async function listProducts(search = "", { lang = "en" as Lang } = {}) {
  const result = await callRoute<ProductsData>(
    productsLoader,
    getRequest(`/products${search}`),
    routeContext({ lang }),
  );
  expect(result.status).toBe(200);
  expect(result.data!.view).toBe("public");
  return result.data as PublicData;
}

async function openProduct(slug: string, lang: Lang = "en", user: SessionUser | null = null) {
  return callRoute<ProductData>(
    productLoader,
    getRequest(`/products/${encodeURIComponent(slug)}`),
    routeContext({ lang, user }),
    { slug },
  );
}

const slugs = (data: { products: Array<{ slug: string }> }) => data.products.map((p) => p.slug);

type NewProduct = typeof product.$inferInsert;
let createdAt = Date.parse("2026-01-01T12:00:00Z");

/** Products with distinct creation times, oldest first, so "newest" has one right answer. */
async function addProducts(rows: Array<Partial<NewProduct> & { slug: string }>) {
  const inserted = await db()
    .insert(product)
    .values(
      rows.map((row) => {
        createdAt += 60_000;
        return { nameEn: row.slug, nameEs: row.slug, createdAt: new Date(createdAt), ...row };
      }),
    )
    .returning({ id: product.id, slug: product.slug });
  // Written without search keys, as rows from before them: keyed as a start keys them.
  await refreshProductSearchKeys();
  return Object.fromEntries(inserted.map((r) => [r.slug, r.id]));
}

async function addList(
  name: string,
  prices: Record<string, number | null>,
  flags: Partial<typeof priceList.$inferInsert> = {},
) {
  const [list] = await db()
    .insert(priceList)
    .values({ slug: name.toLowerCase(), name, ...flags })
    .returning({ id: priceList.id });
  const entries = Object.entries(prices);
  if (entries.length > 0) {
    await db()
      .insert(priceListItem)
      .values(entries.map(([productId, priceCents]) => ({ priceListId: list.id, productId, priceCents })));
  }
  return list.id;
}

beforeEach(async () => {
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  await db().execute(sql`delete from app_setting where key = 'seeded_catalog'`);
});

describe(`the public catalogue (${test.kind})`, () => {
  it("opens the five landing-page products of the seed data, and lists every active one", async () => {
    await seedCatalog();
    for (const slug of ["sandia", "vegetales-mix", "aguacates", "mangoes", "mayor"]) {
      const result = await openProduct(slug);
      expect(result.status, slug).toBe(200);
      expect(result.data!.product.slug).toBe(slug);
      expect(result.data!.product.priceCents).toBeGreaterThan(0);
    }
    const all = await listProducts();
    expect(all.total).toBe(seedProducts.length);
    expect(all.hasPublicPrices).toBe(true);
    expect(all.products.every((p) => p.priceCents !== null)).toBe(true);
    const es = await openProduct("sandia", "es");
    expect(es.data!.product.name).toBe("Sandía sin semilla");
    expect(es.data!.product.names).toEqual({ en: "Seedless Watermelon", es: "Sandía sin semilla" });
  });

  it("shows visitors only active products that are not archived", async () => {
    await addProducts([
      { slug: "kale", category: "vegetables" },
      { slug: "old-kale", category: "vegetables", active: false },
      { slug: "gone-kale", category: "vegetables", archivedAt: new Date() },
    ]);
    expect(slugs(await listProducts())).toEqual(["kale"]);
    expect((await openProduct("kale")).status).toBe(200);
    expect((await openProduct("old-kale")).status).toBe(404);
    expect((await openProduct("gone-kale")).status).toBe(404);
  });

  it("opens an inactive product's page for staff, who list it, and for nobody else", async () => {
    await addProducts([{ slug: "old-kale", category: "vegetables", active: false }]);
    const customer = await makeUser("customer");
    expect((await openProduct("old-kale", "en", customer)).status).toBe(404);
    for (const role of ["seller", "admin"] as const) {
      const page = await openProduct("old-kale", "es", await makeUser(role));
      expect(page.status, role).toBe(200);
      expect(page.data!.product).toMatchObject({ slug: "old-kale", active: false });
    }
    expect((await openProduct("no-such-kale", "en", await makeUser("seller"))).status).toBe(404);
  });

  it("answers 404 for unknown and malformed slugs", async () => {
    await addProducts([{ slug: "kale" }]);
    for (const slug of ["nope", "KALE", "../kale", "kale%00", "<script>", "x".repeat(500), ""]) {
      expect((await openProduct(slug)).status, slug).toBe(404);
    }
  });

  it("filters by category: dried and dry_produce are the same, an unknown one is the Uncategorized group", async () => {
    await addProducts([
      { slug: "rice", category: "dry_produce" },
      { slug: "beans", category: "dry_produce" },
      { slug: "basil", category: "herbs" },
    ]);
    const dried = await listProducts("?category=dried");
    const dryProduce = await listProducts("?category=dry_produce");
    expect(dried.selected).toBe("dry_produce");
    expect(slugs(dried).sort()).toEqual(["beans", "rice"]);
    expect(slugs(dryProduce)).toEqual(slugs(dried));
    expect(slugs(await listProducts("?category=herbs"))).toEqual(["basil"]);

    // Every product has a category, so the Uncategorized group is empty.
    const unknown = await listProducts("?category=meat");
    expect(unknown.selected).toBe("uncategorized");
    expect(unknown.products).toEqual([]);
    expect(unknown.total).toBe(0);

    await addProducts([{ slug: "mystery-box", category: null }]);
    expect(slugs(await listProducts("?category=meat"))).toEqual(["mystery-box"]);
    expect(slugs(await listProducts("?category=uncategorized"))).toEqual(["mystery-box"]);
    expect((await listProducts("?category=")).selected).toBeNull();
  });

  it("sorts by each of the six orders, server-side", async () => {
    const ids = await addProducts([
      { slug: "cherry", nameEn: "Cherry", nameEs: "Cereza", category: "fruits", popularity: 5 },
      { slug: "apple", nameEn: "apple", nameEs: "Manzana", category: "fruits", popularity: 50 },
      { slug: "basil", nameEn: "Basil", nameEs: "Albahaca", category: "herbs", popularity: 20 },
      { slug: "rice", nameEn: "Rice", nameEs: "Arroz", category: "dry_produce", popularity: 1 },
      { slug: "mystery", nameEn: "Mystery", nameEs: "Misterio", category: null, popularity: 0 },
      { slug: "zucchini", nameEn: "Zucchini", nameEs: "Calabacín", category: "vegetables", popularity: 9 },
    ]);
    await addList(
      "Wholesale",
      { [ids.cherry]: 900, [ids.apple]: 300, [ids.basil]: 300, [ids.rice]: 1200, [ids.zucchini]: null },
      { isPublic: true },
    );

    expect(slugs(await listProducts("?sort=newest"))).toEqual([
      "zucchini",
      "mystery",
      "rice",
      "basil",
      "apple",
      "cherry",
    ]);
    // Equal prices read alphabetically; products without a public price come last either way.
    expect(slugs(await listProducts("?sort=price-asc"))).toEqual([
      "apple",
      "basil",
      "cherry",
      "rice",
      "mystery",
      "zucchini",
    ]);
    expect(slugs(await listProducts("?sort=price-desc"))).toEqual([
      "rice",
      "cherry",
      "apple",
      "basil",
      "mystery",
      "zucchini",
    ]);
    expect(slugs(await listProducts("?sort=popularity"))).toEqual([
      "apple",
      "basil",
      "zucchini",
      "cherry",
      "rice",
      "mystery",
    ]);
    expect(slugs(await listProducts("?sort=alphabetical"))).toEqual([
      "apple",
      "basil",
      "cherry",
      "mystery",
      "rice",
      "zucchini",
    ]);
    expect(slugs(await listProducts("?sort=alphabetical", { lang: "es" }))).toEqual([
      "basil",
      "rice",
      "zucchini",
      "cherry",
      "apple",
      "mystery",
    ]);
    // By category: groups alphabetical in the reader's language, Uncategorized last.
    expect(slugs(await listProducts("?sort=category"))).toEqual([
      "rice",
      "apple",
      "cherry",
      "basil",
      "zucchini",
      "mystery",
    ]);
    expect(slugs(await listProducts("?sort=category", { lang: "es" }))).toEqual([
      "cherry",
      "apple",
      "basil",
      "rice",
      "zucchini",
      "mystery",
    ]);
    // An unknown sort key is the default order.
    const bogus = await listProducts("?sort=cheapest'--");
    expect(bogus.sort).toBe("category");
    expect(slugs(bogus)).toEqual(slugs(await listProducts("")));
  });

  it("searches either language's name, ignoring case and punctuation, never taking % or _ as wildcards", async () => {
    await addProducts([
      { slug: "avocado", nameEn: "Hass Avocados", nameEs: "Aguacates Hass" },
      { slug: "watermelon", nameEn: "Seedless Watermelon", nameEs: "Sandía sin semilla" },
      { slug: "percent", nameEn: "100% Juice", nameEs: "Jugo 100%" },
    ]);
    expect(slugs(await listProducts("?q=AGUACATE"))).toEqual(["avocado"]);
    expect(slugs(await listProducts("?q=watermelon", { lang: "es" }))).toEqual(["watermelon"]);
    // Punctuation is not searched (docs/decisions/028-search.md): "%" alone finds nothing, "100%" the juice.
    expect(slugs(await listProducts("?q=%25"))).toEqual([]);
    expect(slugs(await listProducts("?q=100%25"))).toEqual(["percent"]);
    expect(slugs(await listProducts("?q=_"))).toEqual([]);
    expect(slugs(await listProducts("?q=%27%3B%20drop%20table%20product%3B--"))).toEqual([]);
    const found = await listProducts("?q=%20%20hass%20");
    expect(found.search).toBe("hass");
    expect(found.total).toBe(1);
  });

  it("prices come from the list flagged public, and say so when there is none", async () => {
    const ids = await addProducts([{ slug: "kale" }, { slug: "leek" }]);
    await addList("Customers", { [ids.kale]: 100, [ids.leek]: 200 }, { isDefaultForCustomers: true });
    let data = await listProducts("?sort=alphabetical");
    expect(data.hasPublicPrices).toBe(false);
    expect(data.products.map((p) => p.priceCents)).toEqual([null, null]);
    expect((await openProduct("kale")).data!.product.priceCents).toBeNull();

    await addList("Old public", { [ids.kale]: 1 }, { isPublic: true, deletedAt: new Date() });
    expect((await listProducts()).hasPublicPrices).toBe(false);

    await addList("Wholesale", { [ids.kale]: 250 }, { isPublic: true });
    data = await listProducts("?sort=alphabetical");
    expect(data.hasPublicPrices).toBe(true);
    expect(data.products.map((p) => [p.slug, p.priceCents])).toEqual([
      ["kale", 250],
      ["leek", null],
    ]);
  });

  it("pages through the catalogue without overlap, and a page past the end shows the last page", async () => {
    await addProducts(["a", "b", "c", "d", "e"].map((s) => ({ slug: s })));
    const query = (page: number) => parseCatalogQuery(new URLSearchParams(`sort=alphabetical&page=${page}`));
    const pages = await Promise.all([1, 2, 3].map((p) => findPublicProducts(query(p), "en", { pageSize: 2 })));
    expect(pages.map((p) => p.products.map((x) => x.slug))).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(pages[0]).toMatchObject({ total: 5, pageCount: 3, page: 1 });
    const past = await findPublicProducts(query(99), "en", { pageSize: 2 });
    expect(past).toMatchObject({ page: 3, pageCount: 3 });
    expect(past.products.map((x) => x.slug)).toEqual(["e"]);
    expect((await listProducts("?page=-4")).page).toBe(1);
  });

  it("gives signed-in users the private products page instead (tests/integration/products-private)", async () => {
    await addProducts([{ slug: "kale" }]);
    const customer = await makeUser("customer");
    const result = await callRoute<ProductsData>(
      productsLoader,
      getRequest("/products"),
      routeContext({ user: customer }),
    );
    expect(result.data!.view).toBe("customer");
    expect(slugs(result.data!)).toEqual(["kale"]);
  });
});

describe(`a product page (${test.kind})`, () => {
  it("has the product's details, unit and pack, and related products of its category", async () => {
    const ids = await addProducts([
      {
        slug: "avocado",
        nameEn: "Hass Avocados",
        nameEs: "Aguacates Hass",
        category: "fruits",
        unit: "case",
        packValue: "48",
        packUnit: "ct",
        availability: "out_of_stock",
        sku: "AVO-48",
      },
      { slug: "mango", category: "fruits", popularity: 10 },
      { slug: "lime", category: "fruits", popularity: 30 },
      { slug: "papaya", category: "fruits", popularity: 20, active: false },
      { slug: "basil", category: "herbs" },
      ...["f1", "f2", "f3"].map((slug) => ({ slug, category: "fruits" as const })),
    ]);
    await addList("Wholesale", { [ids.avocado]: 5275 }, { isPublic: true });
    const { data } = await openProduct("avocado");
    const detail = data!.product;
    expect(detail).toMatchObject({
      name: "Hass Avocados",
      group: "fruits",
      unit: "case",
      packValue: 48,
      packUnit: "ct",
      inStock: false,
      priceCents: 5275,
      sku: "AVO-48",
    });
    expect(detail.related.map((p) => p.slug)).toEqual(["lime", "mango", "f1", "f2"]);
    expect(JSON.stringify(detail)).not.toContain(ids.avocado);
  });

  it("describes itself to search engines as a schema.org Product, with a USD offer only when priced", async () => {
    const ids = await addProducts([
      { slug: "avocado", nameEn: "Hass </script><script>alert(1)</script>", category: "fruits" },
      { slug: "leek", category: "vegetables" },
    ]);
    await addList("Wholesale", { [ids.avocado]: 5275 }, { isPublic: true });
    const options = {
      url: "https://example.test/products/avocado",
      imageUrl: null,
      categoryName: "Fruits",
      sellerName: "Shop",
    };
    const text = productJsonLd((await openProduct("avocado")).data!.product, options);
    expect(text).not.toContain("</script>");
    const json = JSON.parse(text);
    expect(json).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Hass </script><script>alert(1)</script>",
      offers: { "@type": "Offer", priceCurrency: "USD", price: "52.75", availability: "https://schema.org/InStock" },
    });
    const unpriced = JSON.parse(productJsonLd((await openProduct("leek")).data!.product, options));
    expect(unpriced.offers).toBeUndefined();
  });
});
