import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { product } from "../../app/db/schema";
import type { Sheet } from "../../app/features/print/sheet";
import { addProductsToList } from "../../app/features/price-lists/items.server";
import { assignPriceList, createPriceList } from "../../app/features/price-lists/lists.server";
import type { Lang } from "../../app/i18n/config";
import { loader as pdfLoader } from "../../app/routes/print-sheet-pdf";
import { action as selectionAction, loader as selectionLoader } from "../../app/routes/print-selection";
import { loader } from "../../app/routes/print-sheet";
import { loader as pricesPrivateLoader } from "../../app/routes/prices-private";
import { callRoute, formRequest, getRequest, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

type PageData = Awaited<ReturnType<typeof loader>>;
const noFlags = { isPublic: false, isDefaultForCustomers: false, isTemplate: false };

let seller: SessionUser;
let customer: SessionUser;
let lists: Record<string, { id: string; slug: string }>;

async function open(path: string, user: SessionUser | null, lang: Lang = "en") {
  const result = await callRoute<PageData>(loader, getRequest(path), routeContext({ user, lang }));
  const sheet = result.data?.sheet ? (JSON.parse(result.data.sheet) as Sheet) : null;
  return { ...result, sheet };
}

type SelectionAnswer = { ok: boolean; list?: string; selected?: string[]; message?: string };

/** The selection's JSON endpoint, as the page's script calls it. */
async function select(user: SessionUser, fields: Record<string, string | string[] | undefined>) {
  const response = (await selectionAction({
    request: formRequest("/prices-selected/selection", fields),
    context: routeContext({ user }),
    params: {},
  } as never)) as Response;
  return { status: response.status, data: (await response.json()) as SelectionAnswer };
}

async function readSelection(user: SessionUser, list: string) {
  const response = (await selectionLoader({
    request: getRequest(`/prices-selected/selection?list=${list}`),
    context: routeContext({ user }),
    params: {},
  } as never)) as Response;
  return { status: response.status, data: (await response.json()) as SelectionAnswer };
}

const names = (sheet: Sheet | null) => sheet?.sections.flatMap((s) => s.rows.map((r) => r.name));

beforeEach(async () => {
  for (const table of ["print_selection", "print_preference", "customer_price_list", "price_history"]) {
    await db().execute(sql.raw(`delete from ${table}`));
  }
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from price_list_version`);
  await db().execute(sql`delete from price_list`);
  await db().execute(sql`delete from product`);
  seller ??= await makeUser("seller");
  customer ??= await makeUser("customer");
  const rows = await db()
    .insert(product)
    .values([
      { slug: "mango", nameEn: "Mango", nameEs: "Mango", category: "fruits", basePriceCents: 1000 },
      { slug: "lime", nameEn: "Lime", nameEs: "Limón", category: "fruits", basePriceCents: 500, active: false },
      { slug: "onion", nameEn: "Onion", nameEs: "Cebolla", category: "vegetables", basePriceCents: 300 },
      {
        slug: "basil",
        nameEn: "Basil",
        nameEs: "Albahaca",
        category: "herbs",
        basePriceCents: 1330,
        availability: "out_of_stock",
      },
      { slug: "mystery", nameEn: "Mystery Box", nameEs: "Caja sorpresa", category: null, basePriceCents: null },
      {
        slug: "beans",
        nameEn: "Black Beans",
        nameEs: "Frijoles negros",
        category: "dry_produce",
        basePriceCents: 4133,
      },
    ])
    .returning({ id: product.id, slug: product.slug });
  const ids = rows.map((r) => r.id);
  lists = {
    customers: await createPriceList(seller, {
      name: "Customers",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: null,
      adjustmentType: null,
      adjustmentValue: null,
      ...noFlags,
      isDefaultForCustomers: true,
    }),
    hotels: await createPriceList(seller, {
      name: "Hotels",
      description: null,
      nameEs: null,
      descriptionEs: null,
      sourceId: null,
      adjustmentType: null,
      adjustmentValue: null,
      ...noFlags,
    }),
  };
  for (const list of Object.values(lists)) await addProductsToList(seller, list.id, ids);
});

describe(`printed price sheets (${test.kind})`, () => {
  it("groups the list by category in the reader's order, Uncategorized last, without inactive products", async () => {
    const en = await open("/prices-short", seller);
    expect(en.status).toBe(200);
    expect(en.sheet?.list.slug).toBe("customers");
    expect(en.sheet?.sections.map((s) => s.title)).toEqual([
      "Dry Produce",
      "Fruits",
      "Herbs",
      "Vegetables",
      "Uncategorized",
    ]);
    expect(names(en.sheet)).toEqual(["Black Beans", "Mango", "Basil", "Onion", "Mystery Box"]);
    const basil = en.sheet!.sections[2].rows[0];
    expect(basil).toMatchObject({ available: false, price: "$13.30", otherName: "Albahaca" });
    expect(en.sheet!.sections[4].rows[0].price).toBe("Ask us");

    const es = await open("/prices-long?sheetLang=es", seller);
    expect(es.sheet?.layout).toBe("long");
    expect(es.sheet?.sections.map((s) => s.title)).toEqual([
      "Frutas",
      "Hierbas",
      "Productos secos",
      "Vegetales",
      "Sin categoría",
    ]);
    expect(es.sheet?.text).toMatchObject({
      notice: "Precios sujetos a cambio",
      pageOf: "Página {{page}} de {{pages}}",
    });
    expect(es.sheet?.fileName).toMatch(/^customers-long-\d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it("lets staff print any list and answers an unknown one with 404", async () => {
    expect((await open("/prices-long?list=hotels", seller)).sheet?.list.name).toBe("Hotels");
    expect((await open("/prices-long?list=nope", seller)).status).toBe(404);
    expect((await open("/prices-long?list=Not%20A%20Slug!", seller)).status).toBe(404);
  });

  it("prints a customer only the list /pricesprivate shows them, and refuses others the same way", async () => {
    const own = await open("/prices-short", customer);
    expect(own.sheet?.list.slug).toBe("customers");
    expect(own.data?.lists).toEqual([]);
    const other = await open("/prices-short?list=hotels", customer);
    const privatePage = await callRoute(
      pricesPrivateLoader,
      getRequest("/pricesprivate/hotels"),
      routeContext({ user: customer }),
      { slug: "hotels" },
    );
    expect(other.status).toBe(404);
    expect(privatePage.status).toBe(404);
    await assignPriceList(seller, lists.hotels.id, [customer.id]);
    expect((await open("/prices-short", customer)).sheet?.list.slug).toBe("hotels");
    expect((await open("/prices-short?list=customers", customer)).status).toBe(404);
    const pdf = await callRoute(
      pdfLoader,
      getRequest("/prices-short.pdf?list=customers"),
      routeContext({ user: customer }),
    );
    expect(pdf.status).toBe(404);
  });

  it("sends anonymous visitors to sign in and back", async () => {
    const page = await open("/prices-long?paper=legal", null);
    expect(page.location).toBe(`/login?redirectTo=${encodeURIComponent("/prices-long?paper=legal")}`);
    const pdf = await callRoute(pdfLoader, getRequest("/prices-long.pdf"), routeContext({ user: null }));
    expect(pdf.location).toBe(`/login?redirectTo=${encodeURIComponent("/prices-long.pdf")}`);
  });

  it("remembers the last options a person chose", async () => {
    const chosen = await open("/prices-long?list=hotels&paper=legal&images=1&sheetLang=es", seller);
    expect(chosen.data?.options).toEqual({ list: "hotels", paper: "legal", images: true, lang: "es" });
    const again = await open("/prices-short", seller);
    expect(again.data?.options).toEqual({ list: "hotels", paper: "legal", images: true, lang: "es" });
    expect(again.sheet).toMatchObject({ paper: "legal", images: true, lang: "es", format: "short" });
    // Someone else's choices are theirs alone.
    const other = await makeUser("seller");
    expect((await open("/prices-short", other)).data?.options).toEqual({
      list: "customers",
      paper: "letter",
      images: false,
      lang: "en",
    });
  });

  it("keeps following the reader's language until another one is picked", async () => {
    const reader = await makeUser("seller");
    const lang = async (reading: "en" | "es") => (await open("/prices-short", reader, reading)).data?.options.lang;
    // "Print selected" names only the list.
    await open("/prices-selected?list=customers", reader, "en");
    expect(await lang("es")).toBe("es");
    // The toolbar sends the language it shows with a change of paper: the reader's, not a choice.
    await open("/prices-short?list=customers&paper=legal&images=0&sheetLang=es", reader, "es");
    expect(await lang("en")).toBe("en");
    expect((await open("/prices-short", reader, "en")).data?.options.paper).toBe("legal");
    // English picked while reading Spanish stays, until Spanish is picked again.
    await open("/prices-short?list=customers&sheetLang=en", reader, "es");
    expect(await lang("es")).toBe("en");
    await open("/prices-short?list=customers&sheetLang=es", reader, "es");
    expect(await lang("en")).toBe("en");
    expect(await lang("es")).toBe("es");
  });

  it("says which options it did not understand and prints with the defaults", async () => {
    const page = await open("/prices-short?paper=a4&images=maybe&sheetLang=fr", seller, "es");
    expect(page.status).toBe(200);
    expect(page.data?.rejected).toEqual([
      { option: "paper", value: "a4" },
      { option: "images", value: "maybe" },
      { option: "sheetLang", value: "fr" },
    ]);
    expect(page.sheet).toMatchObject({ paper: "letter", images: false, lang: "es" });
  });

  it("keeps names with emoji, bidirectional marks and great length on a sheet that still lays out", async () => {
    const long = "Extra ".repeat(60).trim();
    await db()
      .update(product)
      .set({ nameEn: `Mango 🥭\u202e\u200fspecial ${long}` })
      .where(eq(product.slug, "mango"));
    const page = await open("/prices-long", seller);
    const mango = page.sheet!.sections.find((s) => s.group === "fruits")!.rows[0];
    expect(mango.name.startsWith("Mango 🥭special Extra")).toBe(true);
    expect(mango.name).not.toMatch(/[\u202e\u200f]/);
    const pdf = await callRoute(pdfLoader, getRequest("/prices-long.pdf?images=1"), routeContext({ user: seller }));
    expect(pdf.status).toBe(200);
  });
});

describe(`the selection of products to print (${test.kind})`, () => {
  it("adds, removes, replaces and clears, and prints only what is selected in the long layout", async () => {
    let answer = await select(seller, { intent: "add", list: "customers", slug: ["mango", "onion", "basil"] });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true });
    answer = await select(seller, { intent: "remove", list: "customers", slug: "basil" });
    expect([...answer.data.selected!].sort()).toEqual(["mango", "onion"]);

    const sheet = await open("/prices-selected", seller);
    expect(sheet.sheet?.layout).toBe("long");
    expect(names(sheet.sheet)).toEqual(["Mango", "Onion"]);
    // Another device reads the same selection from the server.
    const read = await readSelection(seller, "customers");
    expect(read.status).toBe(200);
    expect([...read.data.selected!].sort()).toEqual(["mango", "onion"]);
    expect((await readSelection(customer, "hotels")).status).toBe(404);

    answer = await select(seller, { intent: "set", list: "customers", slug: ["beans"] });
    expect(answer.data.selected).toEqual(["beans"]);
    // Each list has its own selection, and each person theirs.
    expect(names((await open("/prices-selected?list=hotels", seller)).sheet)).toEqual([]);
    expect(names((await open("/prices-selected", customer)).sheet)).toEqual([]);

    await select(seller, { intent: "clear", list: "customers" });
    const empty = await open("/prices-selected?list=customers", seller);
    expect(empty.sheet?.count).toBe(0);
    const pdf = await callRoute(
      pdfLoader,
      getRequest("/prices-selected.pdf?list=customers"),
      routeContext({ user: seller }),
    );
    expect(pdf.location).toBe("/prices-selected?list=customers");
  });

  it("leaves out selected products that were archived or hidden, and says how many", async () => {
    await select(seller, { intent: "add", list: "customers", slug: ["mango", "onion", "basil"] });
    await db().update(product).set({ archivedAt: new Date() }).where(eq(product.slug, "onion"));
    await db().update(product).set({ active: false }).where(eq(product.slug, "basil"));
    const page = await open("/prices-selected", seller);
    expect(names(page.sheet)).toEqual(["Mango"]);
    expect(page.data?.dropped).toBe(2);
  });

  it("refuses a malformed change or another customer's list, changing nothing, in the person's language", async () => {
    await select(customer, { intent: "add", list: "customers", slug: "mango" });
    const other = await select(customer, { intent: "add", list: "hotels", slug: "onion" });
    expect(other.status).toBe(404);
    for (const fields of [
      { intent: "drop", list: "customers", slug: "onion" },
      { intent: "add", list: "customers" },
      { intent: "add", list: "../x", slug: "onion" },
      { intent: "add", list: "customers", slug: "<script>" },
    ]) {
      const refused = await select(customer, fields);
      expect(refused.status).toBe(400);
      expect(refused.data).toEqual({ ok: false, message: "Your selection could not be saved. Please try again." });
    }
    expect(names((await open("/prices-selected", customer)).sheet)).toEqual(["Mango"]);
    const spanish = (await selectionAction({
      request: formRequest("/prices-selected/selection", { intent: "add", list: "customers" }),
      context: routeContext({ user: customer, lang: "es" }),
      params: {},
    } as never)) as Response;
    expect(spanish.status).toBe(400);
    expect(await spanish.json()).toEqual({
      ok: false,
      message: "No se pudo guardar su selección. Inténtelo de nuevo.",
    });
  });

  it("never selects a product the list cannot print", async () => {
    const answer = await select(seller, { intent: "set", list: "customers", slug: ["mango", "lime", "nope"] });
    expect(answer.data.selected).toEqual(["mango"]);
  });
});

describe(`the sheet's PDF (${test.kind})`, () => {
  it("is a PDF named after the list, the format and the day, with the page's options", async () => {
    const result = await callRoute(
      pdfLoader,
      getRequest("/prices-long.pdf?list=hotels&paper=legal"),
      routeContext({ user: seller }),
    );
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("application/pdf");
    expect(result.headers.get("content-disposition")).toMatch(
      /^attachment; filename="hotels-long-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
  });
});
