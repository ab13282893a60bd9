import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, importRun, product } from "../../app/db/schema";
import {
  findActivityEntries,
  findActivityUsers,
  loadActivityLog,
} from "../../app/features/activity/find-activity.server";
import { recordActivity } from "../../app/features/activity/record.server";
import { ACTIVITY_PAGE_SIZE, parseActivityFilters } from "../../app/features/activity/schema";
import { addProductsToList, savePriceEdits } from "../../app/features/price-lists/items.server";
import { createPriceList, emptyListInput, deletePriceList } from "../../app/features/price-lists/lists.server";
import { changeUserRole } from "../../app/features/users/manage-users.server";
import { withTransaction } from "../../app/db/client.server";
import type { Lang } from "../../app/i18n/config";
import { createI18n } from "../../app/i18n/instance";
import ActivityPage, { loader } from "../../app/routes/activity";
import { load } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

type LoaderData = Awaited<ReturnType<typeof loader>>;

let admin: SessionUser;
let seller: SessionUser;
let customer: SessionUser;

async function view(path: string, lang: Lang = "en") {
  const result = await load<LoaderData>(loader, path, { user: admin, lang });
  expect(result.status).toBe(200);
  return result.data!;
}

/** The page as the server renders it for this loader data, in a language. */
function renderPage(data: LoaderData, lang: Lang) {
  const Stub = createRoutesStub([
    { path: "/activity", Component: () => createElement(ActivityPage, { loaderData: data } as never) },
  ]);
  return renderToString(
    createElement(I18nextProvider, { i18n: createI18n(lang) }, createElement(Stub, { initialEntries: ["/activity"] })),
  );
}

/** An entry written at a chosen moment (the writers stamp "now"). */
async function entryAt(iso: string, values: Partial<typeof activity.$inferInsert> = {}) {
  const [row] = await db()
    .insert(activity)
    .values({
      actorId: admin.id,
      entityType: "user",
      entityId: seller.id,
      action: "updated",
      summary: seller.email,
      changes: { role: { before: "customer", after: "seller" } },
      ...values,
      createdAt: new Date(iso),
    })
    .returning({ id: activity.id });
  return row.id;
}

beforeAll(async () => {
  admin = await makeUser("admin", { name: "Ana Admin" });
  seller = await makeUser("seller", { name: "Sergio Seller" });
  customer = await makeUser("customer", { name: "Carla Customer" });
});

beforeEach(async () => {
  await db().execute(sql`delete from activity`);
});

describe(`the activity log (${test.kind})`, () => {
  it("refuses sellers and customers (to /unauthorized) and anonymous visitors (to /login)", async () => {
    for (const who of [seller, customer]) {
      expect(await load(loader, "/activity", { user: who })).toMatchObject({ status: 302, location: "/unauthorized" });
    }
    const anonymous = await load(loader, "/activity?entity=user", { user: null });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/login?redirectTo=${encodeURIComponent("/activity?entity=user")}`);
  });

  it("shows real changes newest first: who, the entity's readable name with its link, and before → after", async () => {
    const [mango, lime] = await db()
      .insert(product)
      .values([
        { slug: `mango-${Date.now()}`, nameEn: "Mango", nameEs: "Mango", basePriceCents: 1000 },
        { slug: `lime-${Date.now()}`, nameEn: "Lime", nameEs: "Limón", basePriceCents: 2150 },
      ])
      .returning({ id: product.id, slug: product.slug });
    const list = await createPriceList(seller, emptyListInput("Hotels"));
    await addProductsToList(seller, list.id, [mango.id, lime.id]);
    await savePriceEdits(seller, list.id, [{ productId: lime.id, priceCents: 2399 }]);
    await changeUserRole(admin, { userId: customer.id, role: "seller" });
    await changeUserRole(admin, { userId: customer.id, role: "customer" });

    const data = await view("/activity", "es");
    expect(data.users.ok).toBe(true);
    expect(data.total).toBe(5);
    expect(data.entries.map((e) => [e.entityType, e.action])).toEqual([
      ["user", "updated"],
      ["user", "updated"],
      ["price_item", "updated"],
      ["price_item", "created"],
      ["price_list", "created"],
    ]);
    const [roleBack, , price, added] = data.entries;
    expect(roleBack.actor).toEqual({ state: "user", id: admin.id, name: "Ana Admin", contact: admin.email });
    expect(roleBack.entity).toMatchObject({ name: customer.email, context: "Carla Customer", gone: false });
    expect(roleBack.changes).toEqual({
      kind: "fields",
      rows: [{ field: "role", kind: "pair", before: "seller", after: "customer" }],
    });
    // The product's name in the reader's language, the list it belongs to, and the list's editor.
    expect(price.actor).toMatchObject({ state: "user", name: "Sergio Seller" });
    expect(price.entity).toEqual({ name: "Limón", context: "Hotels", href: "/prices-manage/hotels", gone: false });
    expect(price.changes).toEqual({
      kind: "fields",
      rows: [
        { field: "priceCents", kind: "pair", before: 2150, after: 2399 },
        { field: "source", kind: "value", value: "screen" },
      ],
    });
    // The two products added are one entry about the list, with both prices as its rows.
    expect(added.entity).toEqual({ name: "Hotels", context: null, href: "/prices-manage/hotels", gone: false });
    expect(added.group).toEqual({
      source: "add",
      count: 2,
      rows: [
        { productId: mango.id, name: "Mango", oldCents: null, newCents: 1000 },
        { productId: lime.id, name: "Limón", oldCents: null, newCents: 2150 },
      ],
      more: 0,
    });
    expect(data.entries[4].entity).toMatchObject({ name: "Hotels", href: "/prices-manage/hotels" });
    const html = renderPage(data, "es");
    expect(html).toContain("$21.50");
    expect(html).toContain("$23.99");
    expect(html).toContain("Editor de precios");
    expect(html).toContain('href="/prices-manage/hotels"');
    expect(html).toContain("Vendedor");
    expect(html).toContain("2 productos agregados a Hotels");

    // A deleted list keeps its name but loses its link.
    await deletePriceList(seller, list.id);
    const after = await view("/activity?entity=price_list");
    expect(after.entries.map((e) => e.action)).toEqual(["deleted", "created"]);
    expect(after.entries[0].entity).toEqual({ name: "Hotels", context: null, href: null, gone: true });
  });

  it("filters by entity, action and user, alone and together", async () => {
    await entryAt("2026-03-02T15:00:00Z");
    await entryAt("2026-03-02T15:01:00Z", { actorId: seller.id, entityType: "price_list", action: "created" });
    await entryAt("2026-03-02T15:02:00Z", { actorId: seller.id, entityType: "price_list", action: "deleted" });
    await entryAt("2026-03-02T15:03:00Z", { actorId: null, entityType: "user", action: "created" });

    const ids = async (query: string) => (await view(`/activity${query}`)).entries.length;
    expect(await ids("")).toBe(4);
    expect(await ids("?entity=price_list")).toBe(2);
    expect(await ids("?action=created")).toBe(2);
    expect(await ids(`?user=${seller.id}`)).toBe(2);
    expect(await ids(`?user=${admin.id}`)).toBe(1);
    expect(await ids("?user=none")).toBe(1);
    expect(await ids(`?entity=price_list&action=deleted&user=${seller.id}`)).toBe(1);
    expect(await ids("?entity=product")).toBe(0);

    const system = await view("/activity?user=none");
    expect(system.entries[0].actor).toEqual({ state: "none" });
    // The user filter offers everyone who has made a recorded change, and only them.
    expect(system.users).toEqual({
      ok: true,
      options: [
        { id: admin.id, name: "Ana Admin", contact: admin.email },
        { id: seller.id, name: "Sergio Seller", contact: seller.email },
      ],
    });
  });

  it("filters by days in New York, both ends included, across a daylight-saving change", async () => {
    // 2026-03-08 is the spring-forward day: New York is UTC-5 before it and UTC-4 after.
    const lateOn7th = await entryAt("2026-03-08T04:59:00Z"); // 23:59 on the 7th in New York
    const earlyOn8th = await entryAt("2026-03-08T05:00:00Z"); // 00:00 on the 8th
    const lateOn8th = await entryAt("2026-03-09T03:59:00Z"); // 23:59 on the 8th (now UTC-4)
    const earlyOn9th = await entryAt("2026-03-09T04:00:00Z"); // 00:00 on the 9th

    const idsOf = async (query: string) => (await view(`/activity${query}`)).entries.map((e) => e.id).sort();
    expect(await idsOf("?from=2026-03-08&to=2026-03-08")).toEqual([earlyOn8th, lateOn8th].sort());
    expect(await idsOf("?from=2026-03-08")).toEqual([earlyOn8th, lateOn8th, earlyOn9th].sort());
    expect(await idsOf("?to=2026-03-07")).toEqual([lateOn7th]);
    expect(await idsOf("?from=2026-03-10")).toEqual([]);
  });

  it("pages through entries 50 at a time, newest first, keeping the filters", async () => {
    const rows = Array.from({ length: 2 * ACTIVITY_PAGE_SIZE + 7 }, (_, i) => ({
      actorId: admin.id,
      entityType: i % 2 === 0 ? "price_list" : "product",
      entityId: null,
      action: "updated",
      summary: `entry ${i}`,
      changes: null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, i)),
    }));
    await db().insert(activity).values(rows);

    const first = await view("/activity");
    expect(first).toMatchObject({ total: 107, page: 1, pageCount: 3 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].entity.name).toBe("entry 106");
    const third = await view("/activity?page=3");
    expect(third).toMatchObject({ page: 3, pageCount: 3 });
    expect(third.entries.map((e) => e.entity.name)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `entry ${i}`));
    // A page past the end shows the last one.
    expect(await view("/activity?page=40")).toMatchObject({ page: 3, filters: { page: 3 } });

    const filtered = await view("/activity?entity=product&page=2");
    expect(filtered).toMatchObject({ total: 53, page: 2, pageCount: 2, filters: { entity: "product" } });
    expect(filtered.entries).toHaveLength(3);
    expect(filtered.entries.every((e) => e.entityType === "product")).toBe(true);
  });

  it("ignores bad filter values with a message for each, and keeps the good ones", async () => {
    await entryAt("2026-03-02T15:00:00Z");
    const data = await view(
      "/activity?entity=spaceship&action=exploded&user=<script>&from=2026-02-30&to=yesterday&page=-2",
    );
    expect(data.errors).toEqual({
      entity: "errors.entityInvalid",
      action: "errors.actionInvalid",
      user: "errors.userInvalid",
      from: "errors.fromInvalid",
      to: "errors.toInvalid",
      page: "errors.pageInvalid",
    });
    expect(data.filters).toEqual({
      entity: null,
      action: null,
      user: null,
      from: null,
      to: null,
      page: 1,
      product: null,
    });
    expect(data.entries).toHaveLength(1);

    const reversed = await view("/activity?action=updated&from=2026-03-05&to=2026-03-01");
    expect(reversed.errors).toEqual({ from: "errors.dateOrder" });
    expect(reversed.filters).toMatchObject({ action: "updated", from: null, to: null });
    expect(reversed.entries).toHaveLength(1);

    const unknown = await view("/activity?user=no-such-user");
    expect(unknown.errors).toEqual({ user: "errors.userUnknown" });
    expect(unknown.entries).toHaveLength(0);

    expect(parseActivityFilters(new URLSearchParams("entity=&action=&user=&from=&to=&page=&product="))).toEqual({
      filters: { entity: null, action: null, user: null, from: null, to: null, page: 1, product: null },
      errors: {},
    });
    const long = await view(`/activity?product=${"a".repeat(101)}`);
    expect(long.errors).toEqual({ product: "errors.productInvalid" });
    expect(long.entries).toHaveLength(1);
  });

  it("still shows the entries when the user data cannot be loaded, and says so", async () => {
    await entryAt("2026-03-02T15:00:00Z");
    await entryAt("2026-03-02T15:01:00Z", { actorId: null });
    const { filters, errors } = parseActivityFilters(new URLSearchParams());
    const data = await loadActivityLog(filters, errors, "en", {
      findEntries: findActivityEntries,
      findUsers: () => Promise.reject(new Error("connection reset")),
    });
    expect(data.users).toEqual({ ok: false });
    expect(data.total).toBe(2);
    expect(data.entries.map((e) => e.actor)).toEqual([{ state: "none" }, { state: "unknown" }]);
    // The email the writer put in the summary still says which user changed.
    expect(data.entries[1].entity).toMatchObject({ name: seller.email, href: null });
    expect(data.entries[1].changes).toMatchObject({ kind: "fields" });

    // The same page with the real user data.
    const ok = await loadActivityLog(filters, errors, "en", {
      findEntries: findActivityEntries,
      findUsers: findActivityUsers,
    });
    expect(ok.users.ok).toBe(true);
    expect(ok.entries[1].actor).toMatchObject({ state: "user", contact: admin.email });

    // What the page says, in both languages, with the entries still listed.
    const en = renderPage(data, "en");
    expect(en).toContain("Failed to fetch user data for activity log.");
    expect(en).toContain("2 entries");
    expect(en).toContain("Unknown user");
    expect(en).toContain(seller.email);
    const es = renderPage(data, "es");
    expect(es).toContain("No se pudieron obtener los datos de usuario para el registro de actividad.");
    expect(es).toContain("Usuario desconocido");
    expect(renderPage(ok, "en")).not.toContain("Failed to fetch user data");
  });

  it("reports changes of an unexpected shape as such, and shows an import run's counts", async () => {
    const [run] = await db()
      .insert(importRun)
      .values({
        fileName: "qbo-items.csv",
        summary: { totalProcessed: 12, created: 2, updated: 7, skipped: 1, errors: 1, processedInactive: 1 },
      })
      .returning({ id: importRun.id });
    await withTransaction((tx) =>
      recordActivity(tx, [
        { actorId: admin.id, entityType: "import_run", entityId: run.id, action: "created", summary: "qbo-items.csv" },
        {
          actorId: admin.id,
          entityType: "import_run",
          entityId: run.id,
          action: "updated",
          changes: { counts: { created: 5, errors: 0 }, outcome: "success" },
        },
      ]),
    );
    await entryAt("2026-03-02T15:00:00Z", { changes: ["not", "an", "object"] });
    await entryAt("2026-03-02T15:01:00Z", { changes: { priceCents: { before: { nested: { deep: 1 } }, after: 2 } } });
    await entryAt("2026-03-02T15:02:00Z", { changes: "a string" });

    const data = await view("/activity");
    const [counted, fromRun, ...odd] = data.entries;
    expect(counted.entity).toMatchObject({
      name: "qbo-items.csv",
      href: `/import-quickbooks/runs/${run.id}`,
      gone: false,
    });
    expect(counted.importCounts).toEqual({
      created: 5,
      errors: 0,
      totalProcessed: 12,
      updated: 7,
      skipped: 1,
      processedInactive: 1,
    });
    expect(counted.changes).toEqual({ kind: "fields", rows: [{ field: "outcome", kind: "value", value: "success" }] });
    expect(fromRun.importCounts).toMatchObject({ totalProcessed: 12, created: 2 });
    expect(fromRun.changes).toEqual({ kind: "none" });
    const html = renderPage(data, "en");
    expect(html).toContain("Import results");
    expect(html).toContain("qbo-items.csv");
    expect(html.match(/The details of this entry are in an unexpected format and cannot be shown\./g)).toHaveLength(3);
    expect(renderPage(data, "es")).toContain("Los detalles de esta entrada tienen un formato inesperado");
    expect(odd.map((e) => e.changes)).toEqual([{ kind: "unexpected" }, { kind: "unexpected" }, { kind: "unexpected" }]);
  });

  it("translates the summaries the account screens write, and leaves out ones the name already says", async () => {
    await entryAt("2026-03-02T15:00:00Z", { actorId: customer.id, entityId: customer.id, summary: "registered" });
    await entryAt("2026-03-02T15:01:00Z", { summary: seller.email });
    const data = await view("/activity");
    expect(data.entries.map((e) => e.note)).toEqual([null, { kind: "known", key: "registered" }]);
  });
});
