import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { customerPriceList, priceList, priceListItem, product } from "../../app/db/schema";
import { findStaffProducts } from "../../app/features/catalog/private-products.server";
import { parsePrivateCatalogQuery } from "../../app/features/catalog/private-query";
import type { Lang } from "../../app/i18n/config";
import { loader } from "../../app/routes/products";
import { callRoute, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";
import { refreshProductSearchKeys } from "../../app/features/catalog/search-keys.server";

const test = await useTestDatabase();

type Data = Awaited<ReturnType<typeof loader>>;
type StaffData = Extract<Data, { view: "staff" }>;
type CustomerData = Extract<Data, { view: "customer" }>;

let admin: SessionUser;
let seller: SessionUser;
let customer: SessionUser;
let ids: Record<string, string>;

async function load(path: string, user: SessionUser | null, lang: Lang = "en") {
  const result = await callRoute<Data>(loader, getRequest(path), routeContext({ user, lang }));
  expect(result.status).toBe(200);
  return result.data!;
}

async function asStaff(path: string, user: SessionUser = seller, lang: Lang = "en") {
  const data = await load(path, user, lang);
  expect(data.view).toBe("staff");
  return data as StaffData;
}

async function asCustomer(path: string, user: SessionUser = customer, lang: Lang = "en") {
  const data = await load(path, user, lang);
  expect(data.view).toBe("customer");
  return data as CustomerData;
}

const slugs = (data: { products: Array<{ slug: string }> }) => data.products.map((p) => p.slug);

let createdAt = Date.parse("2026-01-01T12:00:00Z");

async function addProducts(rows: Array<Partial<typeof product.$inferInsert> & { slug: string }>) {
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
  slug: string,
  prices: Record<string, number | null>,
  flags: Partial<typeof priceList.$inferInsert> = {},
) {
  const [list] = await db()
    .insert(priceList)
    .values({ slug, name: slug[0].toUpperCase() + slug.slice(1), ...flags })
    .returning({ id: priceList.id });
  const entries = Object.entries(prices);
  if (entries.length > 0) {
    await db()
      .insert(priceListItem)
      .values(entries.map(([productId, priceCents]) => ({ priceListId: list.id, productId, priceCents })));
  }
  return list.id;
}

beforeAll(async () => {
  admin = await makeUser("admin");
  seller = await makeUser("seller");
  customer = await makeUser("customer");
});

beforeEach(async () => {
  await db().execute(sql`delete from customer_price_list`);
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  ids = await addProducts([
    {
      slug: "avocado",
      nameEn: "Hass Avocados",
      nameEs: "Aguacates Hass",
      category: "fruits",
      basePriceCents: 5000,
      unit: "case",
      packValue: "48",
      packUnit: "ct",
      quantity: "120.00",
      sku: "AVO-48",
      quickbooksId: "Produce:Fruit:Avocado Hass 48ct",
      popularity: 90,
      imageKey: "demo/avocado.webp",
    },
    {
      slug: "basil",
      nameEn: "Basil",
      nameEs: "Albahaca",
      category: "herbs",
      basePriceCents: 1400,
      quantity: "25",
      sku: "HERB-BAS",
      popularity: 20,
    },
    {
      slug: "beans",
      nameEn: "Black Beans",
      nameEs: "Frijoles negros",
      category: "dry_produce",
      basePriceCents: 4350,
      availability: "out_of_stock",
      quantity: "0",
      popularity: 50,
    },
    {
      slug: "papaya",
      nameEn: "Papaya",
      nameEs: "Papaya",
      category: "fruits",
      basePriceCents: 2250,
      active: false,
      sku: "PAP-35",
      quickbooksId: "Produce:Fruit:Papaya",
      popularity: 70,
    },
    { slug: "mystery", nameEn: "Mystery Box", nameEs: "Caja sorpresa", category: null, popularity: 5 },
    {
      slug: "old-leek",
      nameEn: "Old Leek",
      nameEs: "Puerro viejo",
      category: "vegetables",
      archivedAt: new Date(),
    },
  ]);
});

/** The product fields only staff may see, and the page fields only staff get. */
const staffFields = ["quantity", "quickbooksId", "sku", "active"];
const customerFields = [
  "slug",
  "name",
  "category",
  "unit",
  "packValue",
  "packUnit",
  "imageKey",
  "imageUrl",
  "inStock",
  "priceCents",
];

describe(`/products for anonymous visitors (${test.kind})`, () => {
  it("stays the public catalogue", async () => {
    await addList("wholesale", { [ids.avocado]: 5275 }, { isPublic: true });
    const data = await load("/products?sort=alphabetical&status=inactive&list=wholesale", null);
    expect(data.view).toBe("public");
    if (data.view !== "public") return;
    expect(data.hasPublicPrices).toBe(true);
    expect(slugs(data)).toEqual(["basil", "beans", "avocado", "mystery"]);
    expect(data.products.find((p) => p.slug === "avocado")?.priceCents).toBe(5275);
    for (const row of data.products) for (const field of staffFields) expect(row).not.toHaveProperty(field);
  });
});

describe(`/products for staff (${test.kind})`, () => {
  it("shows sellers and admins the staff fields and the inactive products, never the archived ones", async () => {
    for (const user of [seller, admin]) {
      const data = await asStaff("/products?sort=alphabetical", user);
      expect(slugs(data)).toEqual(["basil", "beans", "avocado", "mystery", "papaya"]);
      expect(data.canManage).toBe(true);
      expect(data.products[2]).toEqual({
        slug: "avocado",
        name: "Hass Avocados",
        category: "fruits",
        unit: "case",
        packValue: 48,
        packUnit: "ct",
        imageKey: "demo/avocado.webp",
        imageUrl: null,
        inStock: true,
        priceCents: 5000,
        active: true,
        hidden: false,
        importReview: false,
        quantity: 120,
        quickbooksId: "Produce:Fruit:Avocado Hass 48ct",
        sku: "AVO-48",
      });
      expect(data.products.find((p) => p.slug === "papaya")).toMatchObject({ active: false, sku: "PAP-35" });
      expect(data.products.find((p) => p.slug === "mystery")).toMatchObject({
        category: null,
        priceCents: null,
        quantity: null,
        sku: null,
      });
    }
  });

  it("shows or hides inactive products with the status filter", async () => {
    expect(slugs(await asStaff("/products?sort=alphabetical&status=active"))).toEqual([
      "basil",
      "beans",
      "avocado",
      "mystery",
    ]);
    const inactive = await asStaff("/products?status=inactive");
    expect(slugs(inactive)).toEqual(["papaya"]);
    expect(inactive.filters.status).toBe("inactive");
  });

  it("searches names in both languages, SKU and QuickBooks ID", async () => {
    expect(slugs(await asStaff("/products?q=aguacate"))).toEqual(["avocado"]);
    expect(slugs(await asStaff("/products?q=frijoles"))).toEqual(["beans"]);
    expect(slugs(await asStaff("/products?q=herb-bas"))).toEqual(["basil"]);
    expect(slugs(await asStaff("/products?q=produce%3Afruit&sort=alphabetical"))).toEqual(["avocado", "papaya"]);
    expect(slugs(await asStaff("/products?q=%25"))).toEqual([]);
  });

  it("shows the base price, or the prices of a list staff pick", async () => {
    await addList("hotels", { [ids.avocado]: 6000, [ids.basil]: null, [ids.papaya]: 2500 });
    await addList("gone", { [ids.avocado]: 1 }, { deletedAt: new Date() });
    const base = await asStaff("/products?sort=alphabetical");
    expect(base.lists.map((l) => l.slug)).toEqual(["hotels"]);
    expect(base.priceListName).toBeNull();

    const hotels = await asStaff("/products?sort=alphabetical&list=hotels");
    expect(hotels.filters.list).toBe("hotels");
    expect(hotels.priceListName).toBe("Hotels");
    expect(hotels.products.map((p) => [p.slug, p.priceCents])).toEqual([
      ["basil", null],
      ["beans", null],
      ["avocado", 6000],
      ["mystery", null],
      ["papaya", 2500],
    ]);
    // Prices run by the list's prices, products without one last.
    expect(slugs(await asStaff("/products?sort=price-desc&list=hotels"))).toEqual([
      "avocado",
      "papaya",
      "basil",
      "beans",
      "mystery",
    ]);
    // A deleted or unknown list is the base price, as if none had been chosen.
    for (const list of ["gone", "nope", "../hotels"]) {
      const data = await asStaff(`/products?sort=alphabetical&list=${encodeURIComponent(list)}`);
      expect(data.filters.list, list).toBeNull();
      expect(data.products.find((p) => p.slug === "avocado")?.priceCents, list).toBe(5000);
    }
  });
});

describe(`/products for customers (${test.kind})`, () => {
  it("shows the default customer list's prices and none of the staff fields", async () => {
    await addList("wholesale", { [ids.avocado]: 5275, [ids.basil]: 1500 }, { isPublic: true });
    await addList("customers", { [ids.avocado]: 4800, [ids.papaya]: 2000 }, { isDefaultForCustomers: true });
    const data = await asCustomer("/products?sort=alphabetical");
    expect(data.priceList).toEqual({ name: "Customers" });
    expect(data.products.map((p) => [p.slug, p.priceCents])).toEqual([
      ["basil", null],
      ["beans", null],
      ["avocado", 4800],
      ["mystery", null],
    ]);
    // Exactly the customer's fields, on every row and on the page.
    for (const row of data.products) expect(Object.keys(row).sort()).toEqual([...customerFields].sort());
    expect(Object.keys(data).sort()).toEqual(
      ["view", "products", "total", "page", "pageCount", "filters", "priceList", "selection"].sort(),
    );
    const json = JSON.stringify(data);
    for (const secret of ["AVO-48", "Produce:Fruit", "quickbooks", "quantity", "sku", "papaya", "Hotels", "lists"]) {
      expect(json, secret).not.toContain(secret);
    }
  });

  it("shows the list assigned to the customer instead of the default one", async () => {
    await addList("customers", { [ids.avocado]: 4800 }, { isDefaultForCustomers: true });
    const hotels = await addList("hotels", { [ids.avocado]: 6000, [ids.basil]: 1700 });
    await db().insert(customerPriceList).values({ userId: customer.id, priceListId: hotels });
    const data = await asCustomer("/products?sort=price-asc");
    expect(data.priceList).toEqual({ name: "Hotels" });
    expect(data.products.map((p) => [p.slug, p.priceCents])).toEqual([
      ["basil", 1700],
      ["avocado", 6000],
      ["beans", null],
      ["mystery", null],
    ]);
    // Staff-only choices in the URL change nothing for a customer.
    const tricked = await asCustomer("/products?sort=price-asc&list=customers&status=inactive");
    expect(tricked.products.map((p) => p.priceCents)).toEqual([1700, 6000, null, null]);
    expect(tricked.filters).toMatchObject({ status: "all", list: null });
  });

  it("never shows a customer inactive products, nor finds them by SKU or QuickBooks ID", async () => {
    await addList("customers", { [ids.papaya]: 2000 }, { isDefaultForCustomers: true });
    expect(slugs(await asCustomer("/products?status=inactive"))).not.toContain("papaya");
    expect(slugs(await asCustomer("/products?q=papaya"))).toEqual([]);
    expect(slugs(await asCustomer("/products?q=AVO-48"))).toEqual([]);
    expect(slugs(await asCustomer("/products?q=produce%3Afruit"))).toEqual([]);
    expect(slugs(await asCustomer("/products?q=aguacates"))).toEqual(["avocado"]);
  });

  it("shows no prices when the customer has no list at all", async () => {
    const data = await asCustomer("/products");
    expect(data.priceList).toBeNull();
    expect(data.products.every((p) => p.priceCents === null)).toBe(true);
  });
});

describe(`/products filters, sorts and pages (${test.kind})`, () => {
  it("filters by category (dried and dry_produce alike, Uncategorized) and availability", async () => {
    expect(slugs(await asStaff("/products?category=dried"))).toEqual(["beans"]);
    expect(slugs(await asStaff("/products?category=dry_produce"))).toEqual(["beans"]);
    const fruits = await asStaff("/products?category=fruits&sort=alphabetical");
    expect(slugs(fruits)).toEqual(["avocado", "papaya"]);
    expect(fruits.filters.selected).toBe("fruits");
    expect(slugs(await asStaff("/products?category=uncategorized"))).toEqual(["mystery"]);
    expect(slugs(await asCustomer("/products?category=fruits"))).toEqual(["avocado"]);

    expect(slugs(await asStaff("/products?availability=out-of-stock"))).toEqual(["beans"]);
    expect(slugs(await asStaff("/products?availability=in-stock&sort=alphabetical"))).toEqual([
      "basil",
      "avocado",
      "mystery",
      "papaya",
    ]);
    const none = await asCustomer("/products?availability=out-of-stock&category=herbs");
    expect(none.products).toEqual([]);
    expect(none.total).toBe(0);
  });

  it("sorts by each of the catalogue's orders, in the reader's language", async () => {
    expect(slugs(await asStaff("/products?sort=newest"))).toEqual(["mystery", "papaya", "beans", "basil", "avocado"]);
    expect(slugs(await asStaff("/products?sort=popularity"))).toEqual([
      "avocado",
      "papaya",
      "beans",
      "basil",
      "mystery",
    ]);
    expect(slugs(await asStaff("/products?sort=price-asc"))).toEqual([
      "basil",
      "papaya",
      "beans",
      "avocado",
      "mystery",
    ]);
    expect(slugs(await asStaff("/products?sort=alphabetical", seller, "es"))).toEqual([
      "avocado",
      "basil",
      "mystery",
      "beans",
      "papaya",
    ]);
    // By category: the reader's alphabetical order of categories, Uncategorized last.
    expect(slugs(await asStaff("/products?sort=category"))).toEqual(["beans", "avocado", "papaya", "basil", "mystery"]);
    expect(slugs(await asStaff("/products?sort=category", seller, "es"))).toEqual([
      "avocado",
      "papaya",
      "basil",
      "beans",
      "mystery",
    ]);
    expect((await asStaff("/products", seller, "es")).products[0].name).toBe("Aguacates Hass");
  });

  it("falls back to the defaults for values it does not offer", async () => {
    const data = await asStaff(
      "/products?sort=cheapest%27--&availability=maybe&status=deleted&list=%3Cscript%3E&page=-3&q=%20%20",
    );
    expect(data.filters).toEqual({
      selected: null,
      search: "",
      sort: "category",
      availability: "all",
      status: "all",
      list: null,
    });
    expect(data.page).toBe(1);
    expect(slugs(data)).toEqual(slugs(await asStaff("/products")));
    // An unknown category is the Uncategorized group, as on the public page.
    expect((await asCustomer("/products?category=meat")).filters.selected).toBe("uncategorized");
  });

  it("pages through thousands of rows without overlap; a page past the end shows the last page", async () => {
    await addProducts(
      Array.from({ length: 57 }, (_, i) => ({
        slug: `item-${String(i).padStart(2, "0")}`,
        category: "others" as const,
      })),
    );
    const first = await asStaff("/products?category=others&sort=alphabetical");
    expect(first).toMatchObject({ total: 57, page: 1, pageCount: 2 });
    expect(first.products).toHaveLength(50);
    const second = await asStaff("/products?category=others&sort=alphabetical&page=2");
    expect(slugs(second)).toEqual(["item-50", "item-51", "item-52", "item-53", "item-54", "item-55", "item-56"]);
    expect((await asStaff("/products?category=others&sort=alphabetical&page=99")).page).toBe(2);
    expect(new Set([...slugs(first), ...slugs(second)]).size).toBe(57);

    const query = (page: number) => parsePrivateCatalogQuery(new URLSearchParams(`sort=alphabetical&page=${page}`));
    const pages = await Promise.all(
      [1, 2, 3].map((p) => findStaffProducts(query(p), "en", { priceListId: null }, { pageSize: 25 })),
    );
    expect(pages.map((p) => p.products.length)).toEqual([25, 25, 12]);
    expect(new Set(pages.flatMap((p) => slugs(p))).size).toBe(62);
  });
});
