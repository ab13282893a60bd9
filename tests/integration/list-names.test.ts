import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { priceList, product } from "../../app/db/schema";
import {
  findActivityEntries,
  findActivityUsers,
  loadActivityLog,
} from "../../app/features/activity/find-activity.server";
import { parseActivityFilters } from "../../app/features/activity/schema";
import { findPriceHistory } from "../../app/features/price-lists/history.server";
import { savePriceEdits } from "../../app/features/price-lists/items.server";
import { findPriceListBySlug, listPriceListNames } from "../../app/features/price-lists/lists.server";
import { lacksSpanishName, listName } from "../../app/features/price-lists/names";
import type { ListActionResult } from "../../app/features/price-lists/schema";
import type { Sheet } from "../../app/features/print/sheet";
import type { Lang } from "../../app/i18n/config";
import { loader as pricesLoader } from "../../app/routes/prices";
import { action as manageAction } from "../../app/routes/prices-manage";
import { loader as privateLoader } from "../../app/routes/prices-private";
import { loader as sheetLoader } from "../../app/routes/print-sheet";
import { seedCatalog } from "../../app/setup/seed.server";
import { load, postForm } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

let seller: SessionUser;
let customer: SessionUser;

beforeAll(async () => {
  await seedCatalog();
  seller = await makeUser("seller");
  customer = await makeUser("customer");
});

type Named = { name: string; description: string | null };

async function publicList(lang: Lang) {
  const { data } = await load<{ prices: Named }>(pricesLoader, "/prices", { user: null, lang });
  return data!.prices;
}

async function privateList(user: SessionUser, lang: Lang) {
  const { data } = await load<{ list: Named; lists: { slug: string; name: string }[] }>(
    privateLoader,
    "/pricesprivate",
    {
      user,
      lang,
    },
  );
  return data!;
}

async function manage(fields: Record<string, string>) {
  return postForm<ListActionResult>(manageAction, "/prices-manage", fields, { user: seller });
}

describe(`price list names in the reader's language (${test.kind})`, () => {
  it("names the demo's lists in Spanish for Spanish readers, and in English for the others", async () => {
    expect(await publicList("es")).toMatchObject({
      name: "Mayorista",
      description: "Nuestros precios al por mayor publicados.",
    });
    expect(await publicList("en")).toMatchObject({ name: "Wholesale" });
    const customerView = await privateList(customer, "es");
    expect(customerView.list).toMatchObject({
      name: "Clientes",
      description: "Precios para clientes registrados: al por mayor menos 5%.",
    });
    expect(JSON.stringify(customerView)).not.toMatch(/Customers|Wholesale|registered customers/);
    // Staff pick lists by their Spanish names, in Spanish order.
    expect((await privateList(seller, "es")).lists.map((l) => l.name)).toEqual([
      "Clientes",
      "Mayorista",
      "Restaurantes",
    ]);
    expect((await listPriceListNames("en")).map((l) => l.name)).toEqual(["Customers", "Restaurants", "Wholesale"]);
  });

  it("creates and renames a list in both languages, and reads a list without a Spanish name in English", async () => {
    const created = await manage({
      intent: "create",
      name: "Hotels",
      nameEs: "Hoteles",
      description: "Prices for hotel kitchens.",
      descriptionEs: "Precios para cocinas de hotel.",
    });
    expect(created.data).toMatchObject({ ok: true, slug: "hotels" });
    expect(await findPriceListBySlug("hotels")).toMatchObject({ name: "Hotels", nameEs: "Hoteles" });

    // A Spanish name too long is refused in the reader's words, and nothing changes.
    const opened = String((await findPriceListBySlug("hotels"))!.revision);
    const details = {
      intent: "update",
      slug: "hotels",
      revision: opened,
      name: "Hotels",
      nameEs: "Hoteles",
      description: "Prices for hotel kitchens.",
      descriptionEs: "Precios para cocinas de hotel.",
    };
    const refused = await manage({ ...details, nameEs: "h".repeat(101) });
    expect(refused).toMatchObject({ status: 400, data: { ok: false, errors: { nameEs: "errors.nameTooLong" } } });
    expect(await findPriceListBySlug("hotels")).toMatchObject({ nameEs: "Hoteles" });

    // Emptied, the Spanish name falls back to the English, and staff are told.
    expect((await manage({ ...details, nameEs: " " })).data).toMatchObject({ ok: true });
    const hotels = (await findPriceListBySlug("hotels"))!;
    expect(hotels).toMatchObject({ nameEs: null, description: "Prices for hotel kitchens." });
    expect(listName(hotels, "es")).toBe("Hotels");
    expect(lacksSpanishName(hotels, "es")).toBe(true);
    expect(lacksSpanishName(hotels, "en")).toBe(false);

    // A form read before that change is refused, not allowed to put back what it showed.
    const stale = await manage({ ...details, isPublic: "on" });
    expect(stale).toMatchObject({ status: 409, data: { ok: false, errors: { form: "errors.conflict" } } });
    expect(await findPriceListBySlug("hotels")).toMatchObject({ nameEs: null, isPublic: false });
  });

  it("names a copy in each language its list has a name in", async () => {
    const customers = (await findPriceListBySlug("customers"))!;
    expect((await manage({ intent: "duplicate", slug: "customers" })).data).toMatchObject({ ok: true });
    const [copy] = await db().select().from(priceList).where(eq(priceList.slug, "customers-copy"));
    expect(copy).toMatchObject({
      name: "Customers (copy)",
      nameEs: "Clientes (copia)",
      description: customers.description,
      descriptionEs: customers.descriptionEs,
    });
  });

  it("names the list in Spanish on the printed sheet, the price history and the activity log", async () => {
    const { data } = await load<{ sheet: string }>(sheetLoader, "/prices-long?list=wholesale&lang=es", {
      user: seller,
      lang: "en",
    });
    expect((JSON.parse(data!.sheet) as Sheet).text.listName).toBe("Mayorista");

    const wholesale = (await findPriceListBySlug("wholesale"))!;
    const [mango] = await db().select({ id: product.id }).from(product).where(eq(product.slug, "mangoes"));
    await savePriceEdits(seller, wholesale.id, [{ productId: mango.id, priceCents: 4321 }]);
    const history = await findPriceHistory(mango.id, "es", { listId: wholesale.id });
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((h) => h.listName === "Mayorista")).toBe(true);

    await manage({
      intent: "update",
      slug: "wholesale",
      revision: String((await findPriceListBySlug("wholesale"))!.revision),
      name: "Wholesale",
      nameEs: "Mayorista",
      description: "Our wholesale prices, every morning.",
      descriptionEs: wholesale.descriptionEs!,
      isPublic: "on",
    });
    const { filters, errors } = parseActivityFilters(new URLSearchParams());
    const log = await loadActivityLog(filters, errors, "es", {
      findEntries: findActivityEntries,
      findUsers: findActivityUsers,
    });
    expect(log.entries.find((e) => e.entityType === "price_item")?.entity).toMatchObject({
      name: "Mango Tommy Atkins",
      context: "Mayorista",
    });
    const update = log.entries.find((e) => e.entityType === "price_list" && e.entity.name === "Mayorista");
    // Written with the English name, the entry is about the same list: no second name beside it.
    expect(update).toMatchObject({ note: null });
  });
});
