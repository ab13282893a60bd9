import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, product, user as userTable, whatsappExport } from "../../app/db/schema";
import type { ExportAnswer } from "../../app/features/export/schema";
import { addProductsToList, savePriceEdits } from "../../app/features/price-lists/items.server";
import { createPriceList, deletePriceList } from "../../app/features/price-lists/lists.server";
import type { Lang } from "../../app/i18n/config";
import { action, loader as dataLoader } from "../../app/routes/export-whatsapp-data";
import { loader as activityLoader } from "../../app/routes/activity";
import { loader as pageLoader } from "../../app/routes/export-whatsapp";
import { callRoute, formRequest, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

const noFlags = { isPublic: false, isDefaultForCustomers: false, isTemplate: false };
let admin: SessionUser;
let seller: SessionUser;
let customer: SessionUser;
let list: { id: string; slug: string };
let ids: Record<string, string>;

const baseOptions = {
  lang: "en",
  onlyAvailable: "on",
  showPack: "on",
  markChanges: "on",
  greeting: "Good morning!",
  closing: "",
};

async function post(who: SessionUser | null, fields: Record<string, string | string[] | undefined>, lang: Lang = "en") {
  const result = await callRoute(
    action,
    formRequest("/exportlistswhatsapp/data", fields),
    routeContext({ user: who, lang }),
  );
  return result;
}

/** The action answers JSON; guards answer redirects or 403 before it. */
async function postJson(who: SessionUser, fields: Record<string, string | string[] | undefined>, lang: Lang = "en") {
  const response = (await action({
    request: formRequest("/exportlistswhatsapp/data", fields),
    context: routeContext({ user: who, lang }),
    params: {},
  } as never)) as Response;
  return { status: response.status, body: (await response.json()) as ExportAnswer };
}

beforeEach(async () => {
  for (const table of ["whatsapp_export", "whatsapp_export_preference", "customer_price_list", "price_history"]) {
    await db().execute(sql.raw(`delete from ${table}`));
  }
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list_version`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  admin ??= await makeUser("admin");
  seller ??= await makeUser("seller");
  customer ??= await makeUser("customer");
  const rows = await db()
    .insert(product)
    .values([
      { slug: "mango", nameEn: "Mango *Ataulfo*", nameEs: "Mango _Ataulfo_", category: "fruits", basePriceCents: 1000 },
      { slug: "onion", nameEn: "Onion", nameEs: "Cebolla", category: "vegetables", basePriceCents: 300 },
      { slug: "basil", nameEn: "Basil", nameEs: "Albahaca", category: "herbs", basePriceCents: 1330 },
    ])
    .returning({ id: product.id, slug: product.slug });
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  list = await createPriceList(seller, {
    name: "Hotels",
    description: null,
    nameEs: null,
    descriptionEs: null,
    sourceId: null,
    adjustmentType: null,
    adjustmentValue: null,
    ...noFlags,
  });
  await addProductsToList(seller, list.id, Object.values(ids));
});

describe(`the WhatsApp export (${test.kind})`, () => {
  it.each(["admin", "seller"] as const)("builds, records and logs a message as %s", async (role) => {
    const who = role === "admin" ? admin : seller;
    const { status, body } = await postJson(who, { intent: "generate", list: list.slug, ...baseOptions });
    expect(status).toBe(200);
    if (!body.ok || body.kind !== "message") throw new Error(JSON.stringify(body));
    const text = body.parts.join("\n");
    expect(text).toContain("Hotels");
    expect(text).toContain("Good morning!");
    expect(text).toContain("Prices subject to change");
    // Markers inside names never format anything.
    expect(text).not.toContain("*Ataulfo*");
    expect(body.counts.products).toBe(3);
    const stored = await db().select().from(whatsappExport).where(eq(whatsappExport.priceListId, list.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ userId: who.id, lang: "en", parts: body.parts });
    expect((stored[0].prices as Record<string, number>)[ids.mango]).toBe(1000);
    const entries = await db().select().from(activity).where(eq(activity.entityType, "whatsapp_export"));
    expect(entries.at(-1)).toMatchObject({ actorId: who.id, entityId: list.id, action: "created" });
    // The activity log names the list and leads back to its export.
    const log = await callRoute<Awaited<ReturnType<typeof activityLoader>>>(
      activityLoader,
      getRequest("/activity?entity=whatsapp_export"),
      routeContext({ user: admin }),
    );
    expect(log.data?.entries[0]).toMatchObject({
      entityType: "whatsapp_export",
      entity: { name: "Hotels", href: `/exportlistswhatsapp?list=${list.slug}`, gone: false },
    });
  });

  it("marks what changed since the last message of the list", async () => {
    await postJson(seller, { intent: "generate", list: list.slug, ...baseOptions });
    await savePriceEdits(seller, list.id, [{ productId: ids.onion, priceCents: 450 }]);
    const { body } = await postJson(seller, { intent: "generate", list: list.slug, ...baseOptions });
    if (!body.ok || body.kind !== "message") throw new Error(JSON.stringify(body));
    expect(body.counts.up).toBe(1);
    expect(body.parts.join("\n")).toMatch(/Onion.*\$4\.50.*▲.*\$3\.00/);
  });

  it("saves the options per list and person, and offers them again", async () => {
    const saved = await postJson(seller, {
      intent: "save",
      list: list.slug,
      ...baseOptions,
      lang: "es",
      category: ["fruits", "herbs"],
    });
    expect(saved.body).toEqual({ ok: true, kind: "saved", message: "Changes saved successfully." });
    const page = await callRoute<Awaited<ReturnType<typeof pageLoader>>>(
      pageLoader,
      getRequest(`/exportlistswhatsapp?list=${list.slug}`),
      routeContext({ user: seller }),
    );
    expect(page.data?.initial?.options).toMatchObject({
      lang: "es",
      categories: ["fruits", "herbs"],
      greeting: "Good morning!",
    });
    const other = await callRoute<Awaited<ReturnType<typeof pageLoader>>>(
      pageLoader,
      getRequest(`/exportlistswhatsapp?list=${list.slug}`),
      routeContext({ user: admin }),
    );
    expect(other.data?.initial?.options).toMatchObject({ lang: "en", categories: null });
  });

  it("lists customers with a phone number to send to", async () => {
    await db().update(userTable).set({ phoneNumber: "+19545550199" }).where(eq(userTable.id, customer.id));
    const response = (await dataLoader({
      request: getRequest(`/exportlistswhatsapp/data?list=${list.slug}`),
      context: routeContext({ user: seller }),
      params: {},
    } as never)) as Response;
    const body = (await response.json()) as ExportAnswer;
    if (!body.ok || body.kind !== "data") throw new Error(JSON.stringify(body));
    expect(body.data.customers).toContainEqual(expect.objectContaining({ id: customer.id, phone: "+19545550199" }));
    await db().update(userTable).set({ phoneNumber: null }).where(eq(userTable.id, customer.id));
  });

  it("refuses customers and anonymous visitors", async () => {
    expect((await post(customer, { intent: "generate", list: list.slug, ...baseOptions })).status).toBe(403);
    const anonymous = await post(null, { intent: "generate", list: list.slug, ...baseOptions });
    expect(anonymous.location).toMatch(/^\/login\?redirectTo=/);
    const page = await callRoute(pageLoader, getRequest("/exportlistswhatsapp"), routeContext({ user: customer }));
    expect(page.location).toBe("/unauthorized");
    expect(await db().select().from(whatsappExport)).toHaveLength(0);
  });

  it("says what is wrong with bad input, in the person's language, and records nothing", async () => {
    const noList = await postJson(seller, { intent: "generate", ...baseOptions });
    expect(noList).toEqual({
      status: 400,
      body: {
        ok: false,
        message: "Export requires a selected price list.",
        fields: { list: "Export requires a selected price list." },
      },
    });
    const spanish = await postJson(seller, { intent: "generate", list: "", ...baseOptions }, "es");
    expect(spanish.body).toMatchObject({ ok: false, message: "Para exportar hay que elegir una lista de precios." });
    const long = await postJson(seller, {
      intent: "generate",
      list: list.slug,
      ...baseOptions,
      greeting: "x".repeat(10_000),
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      ok: false,
      fields: { greeting: "The greeting can have at most 1,000 characters." },
    });
    const badLang = await postJson(seller, { intent: "generate", list: list.slug, ...baseOptions, lang: "fr" });
    expect(badLang.status).toBe(400);
    await deletePriceList(seller, list.id);
    const deleted = await postJson(seller, { intent: "generate", list: list.slug, ...baseOptions });
    expect(deleted).toEqual({ status: 404, body: { ok: false, message: "Price list not found" } });
    expect(await db().select().from(whatsappExport)).toHaveLength(0);
  });

  it("answers a list with no prices with a message that still reads", async () => {
    await db().execute(sql`update price_list_item set price_cents = null`);
    const { status, body } = await postJson(seller, { intent: "generate", list: list.slug, ...baseOptions });
    expect(status).toBe(200);
    if (!body.ok || body.kind !== "message") throw new Error(JSON.stringify(body));
    expect(body.counts.products).toBe(0);
    expect(body.parts[0]).toContain("Hotels");
  });
});
