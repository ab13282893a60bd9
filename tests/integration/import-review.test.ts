/**
 * Products an import creates are kept for review unless the run publishes them, and customers and
 * visitors see a product only when it is not hidden and, when an import created it, priced in the
 * list they see (docs/decisions/026-imported-products-review.md): every surface they read, the
 * manage screen's filter, bulk publish and the hidden field, and the refusals.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, customerPriceList, priceList, priceListItem, product } from "../../app/db/schema";
import { loadAssistantCatalog } from "../../app/features/assistant/catalog.server";
import type { ManageResult, SaveRowsResult } from "../../app/features/catalog/manage-actions.server";
import type { ManagedProduct } from "../../app/features/catalog/manage.server";
import { understandFile } from "../../app/features/imports/engine";
import { applyImportBatch } from "../../app/features/imports/run/batch.server";
import { importQuickBooksFile } from "../../app/features/imports/run/import-file.server";
import { startBackgroundImport } from "../../app/features/imports/run/jobs.server";
import { finishImportRun, loadRun, startImportRun } from "../../app/features/imports/run/run.server";
import { findVisiblePopularSlugs } from "../../app/features/landing/popular.server";
import { findSitemapProducts } from "../../app/features/landing/sitemap.server";
import { findBuyerItems } from "../../app/features/price-lists/items.server";
import { loadSheetPage } from "../../app/features/print/sheets.server";
import { loader as pricesLoader } from "../../app/routes/prices";
import { loader as pricesPrivateLoader } from "../../app/routes/prices-private";
import { loader as productLoader } from "../../app/routes/product";
import { loader as productsLoader } from "../../app/routes/products";
import { action as manageAction, loader as manageLoader } from "../../app/routes/products-manage";
import { action as saveRowsAction } from "../../app/routes/products-manage-rows";
import { freshImportData } from "../support/import-data";
import { callRoute, getRequest, load, postForm, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";
import { unpackPriceRows } from "../../app/features/catalog/components/price-table";

const test = await useTestDatabase();

const file = readFileSync(path.resolve("tests/fixtures/quickbooks/qbo_small.csv"));

let seller: SessionUser;
let customer: SessionUser;
let hotelList: { id: string; slug: string };
let publicListId: string;

/** Imports qbo_small.csv into the private list as the command line does. */
async function importFile(publishNew?: boolean) {
  const result = await importQuickBooksFile({
    actor: seller,
    fileName: "qbo_small.csv",
    bytes: file,
    listSlug: hotelList.slug,
    mode: "cli",
    publishNew,
  });
  if (!result.ok) throw new Error("qbo_small.csv refused");
  return result.summary;
}

async function productOf(quickbooksId: string) {
  const [row] = await db().select().from(product).where(eq(product.quickbooksId, quickbooksId));
  return row;
}

async function pricePublicly(productId: string, cents: number) {
  await db().insert(priceListItem).values({ priceListId: publicListId, productId, priceCents: cents });
}

type Slugged = { slug: string };

function productPage<T = Record<string, unknown>>(slug: string, user: SessionUser | null) {
  return callRoute<T>(productLoader, getRequest(`/products/${slug}`), routeContext({ user }), { slug });
}

/** Every surface a visitor or a customer reads products on, as slugs (or a status for a product page). */
async function whatTheySee(user: SessionUser | null, slug: string) {
  const products = await load<{ products: Slugged[] }>(productsLoader, "/products", { user });
  const page = await productPage(slug, user);
  const seen: Record<string, unknown> = {
    products: products.data!.products.map((p) => p.slug),
    productPage: page.status,
  };
  if (user) {
    const prices = await load<{ items: string }>(pricesPrivateLoader, "/pricesprivate", { user });
    seen.pricesPrivate = unpackPriceRows(prices.data!.items).map((i) => i.slug);
    const sheet = await loadSheetPage(user, "en", "long", new URL("http://localhost/prices-long"), { remember: false });
    seen.sheet = sheet.kind === "sheet" ? sheet.sheet.sections.flatMap((s) => s.rows.map((r) => r.slug)) : [];
    const { catalog } = await loadAssistantCatalog(user, "en");
    seen.assistant = catalog.products.map((p) => p.slug);
    seen.buyerItems = (await findBuyerItems(hotelList.id)).map((i) => i.slug);
  } else {
    const prices = await load<{ prices: { kind: string; rows?: Slugged[] } }>(pricesLoader, "/prices", { user });
    seen.prices = (prices.data!.prices.rows ?? []).map((r) => r.slug);
    seen.sitemap = (await findSitemapProducts()).map((p) => p.slug);
  }
  return seen;
}

beforeAll(async () => {
  seller = await makeUser("seller");
});

beforeEach(async () => {
  hotelList = await freshImportData(seller, "Hotels");
  customer = await makeUser("customer");
  await db().insert(customerPriceList).values({ userId: customer.id, priceListId: hotelList.id });
  const [publicList] = await db()
    .insert(priceList)
    .values({ slug: `public-${crypto.randomUUID().slice(0, 8)}`, name: "Public", isPublic: true })
    .returning();
  publicListId = publicList.id;
});

describe(`imported products kept for review (${test.kind})`, () => {
  it("keeps new products off every customer's and visitor's surface until published, and staff see them marked", async () => {
    const summary = await importFile();
    expect(summary.created).toBe(48);
    const avocado = await productOf("AVO48");
    expect(avocado).toMatchObject({ hidden: true, importReview: true, importRunId: summary.runId });
    await pricePublicly(avocado.id, 5000);

    for (const user of [null, customer]) {
      const seen = await whatTheySee(user, avocado.slug);
      expect(seen.productPage, `product page as ${user?.role ?? "visitor"}`).toBe(404);
      for (const [surface, slugs] of Object.entries(seen)) {
        if (Array.isArray(slugs)) expect(slugs, `${surface} as ${user?.role ?? "visitor"}`).not.toContain(avocado.slug);
      }
    }

    // Staff see them, marked, on the private products page, its product page and the manage screen's filter.
    const staffProducts = await load<{ products: Array<Slugged & { hidden: boolean; importReview: boolean }> }>(
      productsLoader,
      "/products?q=avocado",
      { user: seller },
    );
    expect(staffProducts.data!.products.find((p) => p.slug === avocado.slug)).toMatchObject({
      hidden: true,
      importReview: true,
    });
    const staffPage = await productPage<{ product: { hidden: boolean } }>(avocado.slug, seller);
    expect(staffPage.data!.product.hidden).toBe(true);
    const review = await load<{ products: ManagedProduct[]; total: number }>(
      manageLoader,
      "/products/manage?status=review",
      {
        user: seller,
      },
    );
    expect(review.data!.total).toBe(48);
    expect(review.data!.products.every((p) => p.hidden && p.importReview)).toBe(true);
  });

  it("publishes the chosen products in bulk with one activity entry each, and then customers see the priced ones", async () => {
    await importFile();
    const avocado = await productOf("AVO48");
    const mango = await productOf("MANGO KENT 8");
    const refused = await postForm<ManageResult>(
      manageAction,
      "/products/manage",
      { intent: "publish", ids: JSON.stringify([avocado.id]) },
      { user: customer },
    );
    expect(refused.status).toBe(403);
    const anonymous = await postForm<ManageResult>(
      manageAction,
      "/products/manage",
      { intent: "publish", ids: JSON.stringify([avocado.id]) },
      { user: null },
    );
    expect(anonymous.location).toMatch(/^\/login/);
    expect((await productOf("AVO48")).hidden).toBe(true);

    const published = await postForm<ManageResult>(
      manageAction,
      "/products/manage",
      { intent: "publish", ids: JSON.stringify([avocado.id, mango.id]) },
      { user: seller },
    );
    expect(published.data).toEqual({ ok: true, kind: "published", changed: 2 });
    expect(await productOf("AVO48")).toMatchObject({ hidden: false, importReview: false, revision: 2 });
    const entries = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.entityType, "product"), inArray(activity.entityId, [avocado.id, mango.id])));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actorId: seller.id, action: "updated" });
    expect(entries[0].changes).toMatchObject({
      hidden: { before: true, after: false },
      importReview: { before: true, after: false },
    });
    // Publishing again changes nothing and writes nothing.
    const again = await postForm<ManageResult>(
      manageAction,
      "/products/manage",
      { intent: "publish", ids: JSON.stringify([avocado.id]) },
      { user: seller },
    );
    expect(again.data).toEqual({ ok: true, kind: "published", changed: 0 });

    // The customer's list prices it: they see it; a visitor does not until the public list prices it.
    const theirs = await whatTheySee(customer, avocado.slug);
    expect(theirs.productPage).toBe(200);
    for (const surface of ["products", "pricesPrivate", "sheet", "assistant", "buyerItems"]) {
      expect(theirs[surface], surface).toContain(avocado.slug);
    }
    // Mango Kent is an inactive item: published, it stays out as any inactive product does.
    expect(theirs.products).not.toContain(mango.slug);
    let visitor = await whatTheySee(null, avocado.slug);
    expect(visitor.productPage).toBe(404);
    expect(visitor.products).not.toContain(avocado.slug);
    expect(visitor.sitemap).not.toContain(avocado.slug);
    await pricePublicly(avocado.id, 5000);
    visitor = await whatTheySee(null, avocado.slug);
    expect(visitor.productPage).toBe(200);
    for (const surface of ["products", "prices", "sitemap"]) expect(visitor[surface], surface).toContain(avocado.slug);

    const review = await load<{ total: number }>(manageLoader, "/products/manage?status=review", { user: seller });
    expect(review.data!.total).toBe(46);
  });

  it("with publishNew, shows new products at once to the customers whose list prices them", async () => {
    const summary = await importFile(true);
    const avocado = await productOf("AVO48");
    expect(avocado).toMatchObject({ hidden: false, importReview: false, importRunId: summary.runId });
    const theirs = await whatTheySee(customer, avocado.slug);
    expect(theirs.products).toContain(avocado.slug);
    expect(theirs.pricesPrivate).toContain(avocado.slug);
    // Not priced in the public list: visitors do not see it, not even as "ask us for a quote".
    const visitor = await whatTheySee(null, avocado.slug);
    expect(visitor.products).not.toContain(avocado.slug);
    expect(visitor.productPage).toBe(404);
    const review = await load<{ total: number }>(manageLoader, "/products/manage?status=review", { user: seller });
    expect(review.data!.total).toBe(0);
  });

  it("never hides a product an import updates, and keeps the choice on the run for batches and background jobs", async () => {
    await importFile(true);
    await importFile();
    expect((await productOf("AVO48")).hidden).toBe(false);

    const understood = await understandFile(file);
    if (!understood.ok) throw new Error("refused");
    const run = await startImportRun({
      actor: seller,
      listSlug: hotelList.slug,
      fileName: "qbo_small.csv",
      format: understood.format,
      totalRows: understood.totalRows,
      duplicates: [...understood.superseded],
      encoding: understood.encoding,
      publishNew: true,
    });
    expect((await loadRun(run.id)).context.publishNew).toBe(true);
    await applyImportBatch(
      run.id,
      1,
      understood.rows.slice(0, 500).map((r) => ({ row: r.row, line: r.line, cells: r.raw.cells })),
    );
    await finishImportRun(run.id);

    const background = await startBackgroundImport({
      actor: seller,
      listSlug: hotelList.slug,
      fileName: "qbo_small.csv",
      bytes: file,
    });
    if (!background.ok) throw new Error("refused");
    expect((await loadRun(background.run.id)).context.publishNew).toBe(false);
  });

  it("a product staff hide is gone for customers and visitors, and back when shown again", async () => {
    await importFile(true);
    const avocado = await productOf("AVO48");
    await pricePublicly(avocado.id, 5000);
    expect((await whatTheySee(null, avocado.slug)).productPage).toBe(200);
    const hide = await postForm<SaveRowsResult>(
      saveRowsAction,
      "/products/manage/rows",
      {
        rows: JSON.stringify([{ id: avocado.id, revision: avocado.revision, fields: { hidden: "true" } }]),
      },
      { user: seller },
    );
    expect(hide.data).toMatchObject({ ok: true, kind: "saved", changed: 1 });
    for (const user of [null, customer]) {
      const seen = await whatTheySee(user, avocado.slug);
      expect(seen.productPage).toBe(404);
      for (const [surface, slugs] of Object.entries(seen)) {
        if (Array.isArray(slugs)) expect(slugs, `${surface} as ${user?.role ?? "visitor"}`).not.toContain(avocado.slug);
      }
    }
    // Hidden by hand, it is not "to review".
    const review = await load<{ total: number }>(manageLoader, "/products/manage?status=review", { user: seller });
    expect(review.data!.total).toBe(0);

    // A seeded product the landing page links to, hidden, leaves the landing page.
    const [seeded] = await db()
      .insert(product)
      .values({ slug: "sandia", nameEn: "Watermelon", nameEs: "Sandía", hidden: true })
      .returning();
    expect(await findVisiblePopularSlugs()).not.toContain("sandia");
    await db().update(product).set({ hidden: false }).where(eq(product.id, seeded.id));
    expect(await findVisiblePopularSlugs()).toContain("sandia");

    const show = await postForm<SaveRowsResult>(
      saveRowsAction,
      "/products/manage/rows",
      {
        rows: JSON.stringify([{ id: avocado.id, revision: avocado.revision + 1, fields: { hidden: "false" } }]),
      },
      { user: seller },
    );
    expect(show.data).toMatchObject({ ok: true, kind: "saved", changed: 1 });
    expect((await whatTheySee(null, avocado.slug)).productPage).toBe(200);
  });
});
