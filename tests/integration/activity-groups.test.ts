import { refreshProductSearchKeys } from "../../app/features/catalog/search-keys.server";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, importRun, priceHistory, product } from "../../app/db/schema";
import { GROUP_PAGE_SIZE, GROUP_ROWS_SHOWN } from "../../app/features/activity/find-activity.server";
import { addProductsToList, reapplyFromParent, savePriceEdits } from "../../app/features/price-lists/items.server";
import { createPriceList, emptyListInput } from "../../app/features/price-lists/lists.server";
import { restoreVersion, saveVersion } from "../../app/features/price-lists/versions.server";
import type { Lang } from "../../app/i18n/config";
import { createI18n } from "../../app/i18n/instance";
import { Refusal } from "../../app/lib/refusal";
import ActivityPage, { loader } from "../../app/routes/activity";
import ActivityEntryPage, { loader as entryLoader } from "../../app/routes/activity-entry";
import { callRoute, getRequest, load, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

type LoaderData = Awaited<ReturnType<typeof loader>>;

let admin: SessionUser;
let seller: SessionUser;
/** Eleven fruits and a vegetable, by English name; the fruits' Spanish names end in "(es)". */
let ids: Record<string, string>;
const fruits = [
  "Apple",
  "Banana",
  "Cherry",
  "Date",
  "Fig",
  "Grape",
  "Kiwi",
  "Lemon",
  "Mango",
  "Papaya",
  "Starfruit",
] as const;

async function view(path: string, lang: Lang = "en") {
  const result = await load<LoaderData>(loader, path, { user: admin, lang });
  expect(result.status).toBe(200);
  return result.data!;
}

function renderPage(data: LoaderData, lang: Lang) {
  const Stub = createRoutesStub([
    { path: "/activity", Component: () => createElement(ActivityPage, { loaderData: data } as never) },
  ]);
  return renderToString(
    createElement(I18nextProvider, { i18n: createI18n(lang) }, createElement(Stub, { initialEntries: ["/activity"] })),
  );
}

type EntryData = Awaited<ReturnType<typeof entryLoader>>;

/** A grouped entry's own page, as `who` asks for it. */
function entryPage(path: string, { who = admin, lang = "en" as Lang } = {}) {
  const url = new URL(path, "http://localhost");
  return callRoute<EntryData>(entryLoader, getRequest(path), routeContext({ user: who, lang }), {
    entryId: url.pathname.split("/")[2],
  });
}

function renderEntryPage(data: EntryData, lang: Lang) {
  const Stub = createRoutesStub([
    { path: "/activity/:entryId", Component: () => createElement(ActivityEntryPage, { loaderData: data } as never) },
  ]);
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n: createI18n(lang) },
      createElement(Stub, { initialEntries: [`/activity/${data.entry.id}`] }),
    ),
  );
}

/** A list holding every product at $10.00, and the log emptied of its making. */
async function makeList(name: string) {
  const list = await createPriceList(seller, emptyListInput(name));
  await addProductsToList(seller, list.id, Object.values(ids));
  await savePriceEdits(
    seller,
    list.id,
    Object.values(ids).map((productId) => ({ productId, priceCents: 1000 })),
  );
  await db().execute(sql`delete from activity`);
  return { ...list, name };
}

const fruitEdits = (cents: number) => fruits.map((f) => ({ productId: ids[f], priceCents: cents }));

beforeAll(async () => {
  admin = await makeUser("admin", { name: "Ana Admin" });
  seller = await makeUser("seller", { name: "Sergio Seller" });
  const stamp = Date.now();
  const rows = await db()
    .insert(product)
    .values([
      ...fruits.map((name) => ({
        slug: `${name.toLowerCase()}-${stamp}`,
        nameEn: name,
        nameEs: `${name} (es)`,
        category: "fruits",
        basePriceCents: 900,
      })),
      { slug: `onion-${stamp}`, nameEn: "Onion", nameEs: "Cebolla", category: "vegetables", basePriceCents: 300 },
    ])
    .returning({ id: product.id, name: product.nameEn });
  ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  // Rows inserted here get their search keys as a start gives them.
  await refreshProductSearchKeys();
});

beforeEach(async () => {
  await db().execute(sql`delete from activity`);
});

describe(`grouped activity (${test.kind})`, () => {
  it("writes a bulk save of 11 prices as one entry with 11 rows, said in both languages", async () => {
    const list = await makeList(`Restaurants ${Date.now()}`);
    const bulk = { type: "percentage", value: 500, rounding: "ninety-nine", category: "fruits" } as const;
    const result = await savePriceEdits(seller, list.id, fruitEdits(1049), { bulk });
    expect(result.changed).toBe(11);

    const entries = await db().select().from(activity);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: seller.id,
      entityType: "price_item",
      entityId: list.id,
      action: "updated",
      listRevision: result.revision,
      changes: { source: "bulk", count: 11, bulk },
    });
    // Its rows are that revision's history rows, which say where the prices came from.
    const rows = await db()
      .select({ source: priceHistory.source })
      .from(priceHistory)
      .where(and(eq(priceHistory.priceListId, list.id), eq(priceHistory.listRevision, result.revision)));
    expect(rows).toHaveLength(11);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(["bulk"]));

    const data = await view("/activity");
    expect(data.total).toBe(1);
    const [entry] = data.entries;
    expect(entry.entity).toMatchObject({ name: list.name, href: `/prices-manage/${list.slug}` });
    expect(entry.group).toMatchObject({ source: "bulk", count: 11, more: 11 - GROUP_ROWS_SHOWN });
    expect(entry.group!.rows).toHaveLength(GROUP_ROWS_SHOWN);
    expect(entry.group!.rows[0]).toEqual({ productId: ids.Apple, name: "Apple", oldCents: 1000, newCents: 1049 });

    const en = renderPage(data, "en");
    expect(en).toContain(`Bulk +5% on 11 products of Fruits in ${list.name}, rounded to .99`);
    expect(en).toContain("Show the 11 prices");
    expect(en).toContain("and 1 more price");
    expect(en).toContain("$10.49");
    const es = renderPage(await view("/activity", "es"), "es");
    expect(es).toContain(`Ajuste masivo de +5% a 11 productos de Frutas en ${list.name}, redondeado a .99`);
    expect(es).toContain("Ver los 11 precios");
    expect(es).toContain("Apple (es)");
  });

  it("gives a grouped entry a page of its own with every row, which the log links to, in both languages", async () => {
    const list = await makeList(`Hotels ${Date.now()}`);
    const bulk = { type: "percentage", value: 500, rounding: "cent", category: "fruits" } as const;
    await savePriceEdits(seller, list.id, fruitEdits(1050), { bulk });
    const [{ id }] = await db().select({ id: activity.id }).from(activity);
    expect(renderPage(await view("/activity"), "en")).toContain(`href="/activity/${id}"`);
    expect(renderPage(await view("/activity"), "en")).toContain("See the whole change (11 prices)");

    const page = await entryPage(`/activity/${id}`);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ total: 11, page: 1, pageCount: 1 });
    expect(page.data!.rows.map((r) => r.name)).toEqual([...fruits]);
    expect(page.data!.rows[0]).toEqual({ productId: ids.Apple, name: "Apple", oldCents: 1000, newCents: 1050 });
    const en = renderEntryPage(page.data!, "en");
    expect(en).toContain(`Bulk +5% on 11 products of Fruits in ${list.name}`);
    expect(en).toContain("By Sergio Seller");
    expect(en).toContain("11 prices changed");
    expect(en).toContain("$10.50");
    const es = renderEntryPage((await entryPage(`/activity/${id}`, { lang: "es" })).data!, "es");
    expect(es).toContain(`Ajuste masivo de +5% a 11 productos de Frutas en ${list.name}`);
    expect(es).toContain("Apple (es)");
    expect(es).toContain("Antes");

    // Only those who may read the log; no page for what is not a grouped entry.
    expect(await entryPage(`/activity/${id}`, { who: seller })).toMatchObject({
      status: 302,
      location: "/unauthorized",
    });
    await db()
      .insert(activity)
      .values({ actorId: admin.id, entityType: "product", entityId: ids.Onion, action: "updated" });
    const [single] = await db().select({ id: activity.id }).from(activity).where(eq(activity.entityType, "product"));
    for (const path of [
      `/activity/${single.id}`,
      "/activity/999999999",
      "/activity/abc",
      "/activity/0",
      "/activity/1e3",
    ]) {
      expect((await entryPage(path)).status, path).toBe(404);
    }
  });

  it("pages a grouped entry's rows, and shows the last page for one beyond it", async () => {
    const stamp = Date.now();
    const many = await db()
      .insert(product)
      .values(
        Array.from({ length: GROUP_PAGE_SIZE + 5 }, (_, i) => ({
          slug: `bulk-item-${i}-${stamp}`,
          nameEn: `Bulk item ${String(i).padStart(3, "0")}`,
          nameEs: `Artículo ${String(i).padStart(3, "0")}`,
          category: "others",
          basePriceCents: 100,
        })),
      )
      .returning({ id: product.id });
    const list = await createPriceList(seller, emptyListInput(`Paged ${stamp}`));
    await addProductsToList(
      seller,
      list.id,
      many.map((p) => p.id),
    );
    await db().execute(sql`delete from activity`);
    await savePriceEdits(
      seller,
      list.id,
      many.map((p) => ({ productId: p.id, priceCents: 250 })),
    );
    const [{ id }] = await db().select({ id: activity.id }).from(activity);

    const first = (await entryPage(`/activity/${id}`)).data!;
    expect(first).toMatchObject({ total: GROUP_PAGE_SIZE + 5, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(GROUP_PAGE_SIZE);
    expect(renderEntryPage(first, "en")).toContain("Page 1 of 2");
    const second = (await entryPage(`/activity/${id}?page=2`)).data!;
    expect(second.rows.map((r) => r.name)).toEqual([0, 1, 2, 3, 4].map((i) => `Bulk item ${GROUP_PAGE_SIZE + i}`));
    expect((await entryPage(`/activity/${id}?page=99`)).data).toMatchObject({ page: 2 });
    const bad = (await entryPage(`/activity/${id}?page=abc`)).data!;
    expect(bad).toMatchObject({ page: 1, pageInvalid: true });
    expect(renderEntryPage(bad, "es")).toContain("Ese número de página no es válido");
  });

  it("says a fixed bulk change without a category, and a save of several prices without one", async () => {
    const list = await makeList(`Hotels ${Date.now()}`);
    await savePriceEdits(seller, list.id, fruitEdits(950), {
      bulk: { type: "fixed", value: -50, rounding: "cent", category: null },
    });
    await savePriceEdits(seller, list.id, fruitEdits(1100));
    const data = await view("/activity");
    expect(data.entries.map((e) => e.group?.source)).toEqual(["screen", "bulk"]);
    const en = renderPage(data, "en");
    expect(en).toContain(`11 prices changed in ${list.name}`);
    expect(en).toContain(`Bulk -$0.50 on 11 products in ${list.name}`);
    expect(en).not.toContain("rounded to");
    expect(renderPage(await view("/activity", "es"), "es")).toContain(`11 precios cambiados en ${list.name}`);
  });

  it("refuses a bulk description the editor could not have made, and writes nothing", async () => {
    const list = await makeList(`Cafes ${Date.now()}`);
    for (const bulk of [
      { type: "percentage", value: 500, rounding: "tenth", category: null },
      { type: "percentage", value: 5.5, rounding: "cent", category: null },
      { type: "fixed", value: 2_000_000, rounding: "cent", category: null },
      { type: "fixed", value: 50, rounding: "cent", category: "<b>fruits</b>" },
    ]) {
      const refused = savePriceEdits(seller, list.id, fruitEdits(1200), { bulk: bulk as never });
      await expect(refused).rejects.toBeInstanceOf(Refusal);
    }
    expect(await db().select().from(activity)).toHaveLength(0);
  });

  it("writes a re-apply from the parent as one entry", async () => {
    const parent = await makeList(`Parent ${Date.now()}`);
    const childName = `Child ${Date.now()}`;
    const child = await createPriceList(seller, {
      ...emptyListInput(childName),
      sourceId: parent.id,
      adjustmentType: "percentage",
      adjustmentValue: 1000,
    });
    await savePriceEdits(seller, parent.id, fruitEdits(2000));
    await db().execute(sql`delete from activity`);

    const result = await reapplyFromParent(admin, child.id);
    expect(result.changed).toBe(11);
    const entries = await db().select().from(activity);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityId: child.id, changes: { source: "reapply", count: 11 } });
    const data = await view("/activity");
    // Rows in the order the change wrote them.
    expect(data.entries[0].group!.rows.every((r) => r.oldCents === 1100 && r.newCents === 2200)).toBe(true);
    expect(renderPage(data, "en")).toContain(`Base list’s prices re-applied to 11 products in ${childName}`);
  });

  it("writes a version restore as one entry, also when no price moves", async () => {
    const list = await makeList(`Markets ${Date.now()}`);
    const version = await saveVersion(seller, list.id, "before the summer");
    await savePriceEdits(seller, list.id, fruitEdits(1500));
    await db().execute(sql`delete from activity`);

    const result = await restoreVersion(admin, list.id, version.number);
    expect(result.changed).toBe(11);
    const entries = await db().select().from(activity);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entityType: "price_item",
      entityId: list.id,
      changes: { source: "restore", count: 11, restoredVersion: version.number },
    });
    const data = await view("/activity");
    expect(data.entries[0].group!.rows[0]).toMatchObject({ oldCents: 1500, newCents: 1000 });
    expect(renderPage(data, "en")).toContain(`Version ${version.number} restored in ${list.name}: 11 prices changed`);
    expect(renderPage(await view("/activity", "es"), "es")).toContain(
      `Versión ${version.number} restaurada en ${list.name}: 11 precios cambiados`,
    );

    await restoreVersion(admin, list.id, version.number);
    const again = await db().select().from(activity).where(isNotNull(activity.listRevision));
    expect(again).toHaveLength(2);
    expect(again[1].changes).toEqual({ source: "restore", count: 0, restoredVersion: version.number });
  });

  it("finds entries by a product's name in either language among their rows, with the other filters", async () => {
    const list = await makeList(`Caterers ${Date.now()}`);
    await savePriceEdits(seller, list.id, fruitEdits(1234));
    await savePriceEdits(seller, list.id, [{ productId: ids.Onion, priceCents: 450 }]);

    // The 11th row, past the ones the page shows, finds its group; the rows shown are the matching ones.
    const byEnglish = await view("/activity?product=starfr");
    expect(byEnglish.total).toBe(1);
    expect(byEnglish.filters.product).toBe("starfr");
    expect(byEnglish.entries[0].group).toMatchObject({
      count: 11,
      rows: [{ productId: ids.Starfruit, name: "Starfruit", oldCents: 1000, newCents: 1234 }],
      more: 10,
    });
    expect(renderPage(byEnglish, "en")).toContain("Show the prices of products matching “starfr”");
    const bySpanish = await view("/activity?product=STARFRUIT%20(ES)");
    expect(bySpanish.entries.map((e) => e.id)).toEqual(byEnglish.entries.map((e) => e.id));

    // A single price is found by its product, and a group without it is not.
    const onion = await view("/activity?product=cebolla");
    expect(onion.entries.map((e) => [e.entityType, e.group])).toEqual([["price_item", null]]);
    expect(onion.entries[0].entity.name).toBe("Onion");
    // The site's one search: the plural, without accents or case, finds it too.
    expect((await view("/activity?product=CEBOLLAS")).entries.map((e) => e.entity.name)).toEqual(["Onion"]);
    expect((await view("/activity?product=nothing-called-this")).total).toBe(0);
    // `%` and `_` are letters here, not patterns.
    expect((await view("/activity?product=%25")).total).toBe(0);

    // With the other filters.
    expect((await view(`/activity?product=mango&user=${seller.id}&action=updated`)).total).toBe(1);
    expect((await view(`/activity?product=mango&user=${admin.id}`)).total).toBe(0);
    expect((await view("/activity?product=mango&entity=user")).total).toBe(0);
  });

  it("finds an import run by a product it priced, and shows the way to its rows", async () => {
    const list = await makeList(`Imports ${Date.now()}`);
    const started = new Date(Date.now() - 60_000);
    const [run] = await db()
      .insert(importRun)
      .values({ fileName: "nightly.csv", priceListId: list.id, userId: admin.id, startedAt: started })
      .returning({ id: importRun.id });
    await db().insert(priceHistory).values({
      productId: ids.Kiwi,
      priceListId: list.id,
      oldPriceCents: 1000,
      newPriceCents: 1100,
      source: "import",
    });
    await db()
      .insert(activity)
      .values({
        actorId: admin.id,
        entityType: "import_run",
        entityId: run.id,
        action: "created",
        summary: "nightly.csv",
        changes: { counts: { totalProcessed: 1, updated: 1 } },
      });

    const found = await view("/activity?product=kiwi&entity=import_run");
    expect(found.entries.map((e) => e.entity.name)).toEqual(["nightly.csv"]);
    expect(renderPage(found, "en")).toContain(`href="/import-quickbooks/runs/${run.id}"`);
    expect((await view("/activity?product=papaya&entity=import_run")).total).toBe(0);
  });
});
