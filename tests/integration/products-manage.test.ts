import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { activity, priceHistory, product } from "../../app/db/schema";
import type { ManageResult, SaveRowsResult } from "../../app/features/catalog/manage-actions.server";
import type { ManagedProduct } from "../../app/features/catalog/manage.server";
import { findPublicProducts } from "../../app/features/catalog/products.server";
import { parseCatalogQuery } from "../../app/features/catalog/query";
import { setImageStorageForTests } from "../../app/services/images/storage.server";
import { action, loader } from "../../app/routes/products-manage";
import { action as saveRowsAction } from "../../app/routes/products-manage-rows";
import { uploadsRouter } from "../../server/uploads";
import { callRoute, load, postForm, routeContext } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";
import { refreshProductSearchKeys } from "../../app/features/catalog/search-keys.server";

const test = await useTestDatabase();

let seller: SessionUser;
let admin: SessionUser;
let customer: SessionUser;
let ids: Record<string, string>;
const dataDir = mkdtempSync(path.join(tmpdir(), "products-manage-"));
const previousDataDir = process.env.DATA_DIR;

type Page = { products: ManagedProduct[]; total: number; page: number; pageCount: number };

async function post(fields: Record<string, string | File>, user: SessionUser = seller) {
  return postForm<ManageResult>(action, "/products/manage", fields, { user });
}

/** The grid's save: its own JSON route, sent with fetch. */
async function save(fields: Record<string, string>, user: SessionUser | null = seller) {
  return postForm<SaveRowsResult>(saveRowsAction, "/products/manage/rows", fields, { user });
}

async function list(search = "", user: SessionUser = seller) {
  return load<Page>(loader, `/products/manage${search}`, { user });
}

async function row(slug: string) {
  const [found] = await db().select().from(product).where(eq(product.slug, slug));
  return found;
}

function edit(id: string, revision: number, fields: Record<string, string>) {
  return { id, revision, fields };
}

beforeAll(() => {
  process.env.DATA_DIR = dataDir;
});

afterAll(() => {
  setImageStorageForTests(undefined);
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  setImageStorageForTests(undefined);
  await db().execute(sql`delete from price_history`);
  await db().execute(sql`delete from price_list_item`);
  await db().execute(sql`delete from product`);
  await db().execute(sql`delete from activity`);
  seller ??= await makeUser("seller");
  admin ??= await makeUser("admin");
  customer ??= await makeUser("customer");
  const rows = await db()
    .insert(product)
    .values([
      {
        slug: "mango",
        nameEn: "Mango",
        nameEs: "Mango",
        category: "fruits",
        basePriceCents: 1000,
        quantity: "12.00",
        sku: "MG-1",
        quickbooksId: "Fruit:Mango",
      },
      { slug: "lime", nameEn: "Lime", nameEs: "Limón", category: "fruits", basePriceCents: 2150 },
      { slug: "basil", nameEn: "Basil", nameEs: "Albahaca", category: "herbs", availability: "out_of_stock" },
      { slug: "old-kale", nameEn: "Old kale", nameEs: "Col vieja", active: false },
    ])
    .returning({ id: product.id, slug: product.slug });
  // Written without search keys, as rows from before them: keyed as a start keys them.
  await refreshProductSearchKeys();
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
});

describe(`the products management screen (${test.kind})`, () => {
  it("lists every product that is not archived, with the staff fields, and filters them", async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.data!.products.map((p) => p.slug)).toEqual(["basil", "lime", "mango", "old-kale"]);
    expect(all.data!.products.find((p) => p.slug === "mango")).toMatchObject({
      basePriceCents: 1000,
      quantity: 12,
      sku: "MG-1",
      quickbooksId: "Fruit:Mango",
      revision: 1,
    });
    expect((await list("?q=mg-1")).data!.products.map((p) => p.slug)).toEqual(["mango"]);
    expect((await list("?q=Fruit%3AMango")).data!.products.map((p) => p.slug)).toEqual(["mango"]);
    expect((await list("?category=herbs")).data!.products.map((p) => p.slug)).toEqual(["basil"]);
    expect((await list("?category=nonsense")).data!.products.map((p) => p.slug)).toEqual(["old-kale"]);
    expect((await list("?availability=out_of_stock")).data!.products.map((p) => p.slug)).toEqual(["basil"]);
    expect((await list("?status=inactive")).data!.products.map((p) => p.slug)).toEqual(["old-kale"]);
    expect((await list("?sort=price-desc")).data!.products.map((p) => p.slug).slice(0, 2)).toEqual(["lime", "mango"]);
    // Nothing matching is an empty page, not an error; unknown values fall back to the defaults.
    expect((await list("?q=zzzz")).data).toMatchObject({ products: [], total: 0, page: 1 });
    expect((await list("?status=%27;drop&sort=evil&page=-3")).data!.products).toHaveLength(4);
  });

  it("is for admins and sellers only, on the page and its actions", async () => {
    expect((await list("", admin)).status).toBe(200);
    const refused = await list("", customer);
    expect(refused.location).toBe("/unauthorized");
    expect((await load(loader, "/products/manage", { user: null })).location).toMatch(/^\/login\?redirectTo=/);
    const post403 = await post({ intent: "archive", id: ids.mango }, customer);
    expect(post403.status).toBe(403);
    expect((await row("mango")).archivedAt).toBeNull();
  });

  it("saves many edited rows together, with a revision, an activity entry each and the base price's history", async () => {
    const result = await save({
      rows: JSON.stringify([
        edit(ids.mango, 1, { basePrice: "$11.25", quantity: "7.5", availability: "out_of_stock" }),
        edit(ids.lime, 1, { nameEs: "Lima", packValue: "48", packUnit: "ct", unit: "case", popularity: "9" }),
      ]),
    });
    // Each row's new revision comes back: what the grid's next edits of it start from.
    expect(result.data).toEqual({ ok: true, kind: "saved", changed: 2, revisions: { [ids.mango]: 2, [ids.lime]: 2 } });
    expect(await row("mango")).toMatchObject({
      basePriceCents: 1125,
      quantity: "7.50",
      availability: "out_of_stock",
      revision: 2,
    });
    expect(await row("lime")).toMatchObject({ nameEs: "Lima", packValue: "48.000", packUnit: "ct", popularity: 9 });
    const entries = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.entityType, "product"), eq(activity.entityId, ids.mango)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "updated", actorId: seller.id });
    expect(entries[0].changes).toEqual({
      basePriceCents: { before: 1000, after: 1125 },
      quantity: { before: 12, after: 7.5 },
      availability: { before: "in_stock", after: "out_of_stock" },
    });
    const history = await db().select().from(priceHistory).where(eq(priceHistory.productId, ids.mango));
    expect(history).toEqual([
      expect.objectContaining({ oldPriceCents: 1000, newPriceCents: 1125, source: "product", priceListId: null }),
    ]);
  });

  it("saves from its own JSON route, which answers JSON to every outcome a screen must keep its edits through", async () => {
    const body = new URLSearchParams({ rows: JSON.stringify([edit(ids.lime, 1, { popularity: "4" })]) });
    const request = new Request("http://localhost:3000/products/manage/rows", { method: "POST", body });
    const result = await callRoute<SaveRowsResult>(saveRowsAction, request, routeContext({ user: seller }));
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
    // An unchanged row keeps its revision; the changed one moves on.
    expect(result.data).toEqual({ ok: true, kind: "saved", changed: 1, revisions: { [ids.lime]: 2 } });
    expect((await row("lime")).popularity).toBe(4);
    const unchanged = await save({ rows: JSON.stringify([edit(ids.mango, 1, { popularity: "0" })]) });
    expect(unchanged.data).toEqual({ ok: true, kind: "saved", changed: 0, revisions: { [ids.mango]: 1 } });

    // A body that is no form is refused in the screen's words, as JSON.
    const garbled = new Request("http://localhost:3000/products/manage/rows", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "not multipart",
    });
    const refused = await callRoute<SaveRowsResult>(saveRowsAction, garbled, routeContext({ user: seller }));
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ ok: false, message: "manage.errors.invalidInput" });
    // A session that ended is sent to sign in (the grid reads the redirect as "signed out").
    const signedOut = await save({ rows: JSON.stringify([edit(ids.lime, 2, { popularity: "5" })]) }, null);
    expect(signedOut.location).toMatch(/^\/login/);
    expect((await save({ rows: JSON.stringify([edit(ids.lime, 2, { popularity: "5" })]) }, customer)).status).toBe(403);
    expect((await row("lime")).popularity).toBe(4);
  });

  it("refuses a row with a bad value and saves none of the rows", async () => {
    const result = await save({
      rows: JSON.stringify([
        edit(ids.mango, 1, { basePrice: "12.345" }),
        edit(ids.lime, 1, { quantity: "lots", nameEn: "" }),
        edit(ids.basil, 1, { nameEn: "Sweet basil" }),
      ]),
    });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      message: "manage.errors.invalidFields",
      fieldErrors: {
        [ids.mango]: { basePrice: "manage.errors.invalidPrice" },
        [ids.lime]: { quantity: "manage.errors.quantityInvalid", nameEn: "manage.errors.nameRequired" },
      },
    });
    expect((await row("basil")).nameEn).toBe("Basil");
    expect(await db().select().from(activity)).toHaveLength(0);
  });

  it("refuses negative, absurd and non-numeric prices and requests the screen never sends", async () => {
    for (const basePrice of ["100000.01", "1e5", "NaN", "--1"]) {
      const result = await save({ rows: JSON.stringify([edit(ids.mango, 1, { basePrice })]) });
      expect(result.data).toMatchObject({ fieldErrors: { [ids.mango]: { basePrice: "manage.errors.invalidPrice" } } });
    }
    // A minus sign before a price is named as what is wrong.
    const negative = await save({ rows: JSON.stringify([edit(ids.mango, 1, { basePrice: "-1" })]) });
    expect(negative.data).toMatchObject({ fieldErrors: { [ids.mango]: { basePrice: "manage.errors.negativePrice" } } });
    const refusedRows = [
      "not json",
      "[]",
      JSON.stringify([{ id: ids.mango, revision: 1, fields: { revision: "9" } }]),
      // Without the revision it was edited from, a save could go over someone else's.
      JSON.stringify([{ id: ids.mango, fields: { basePrice: "1.00" } }]),
      // The same row twice would claim the same starting values for two changes.
      JSON.stringify([edit(ids.mango, 1, { basePrice: "1.00" }), edit(ids.mango, 1, { basePrice: "2.00" })]),
      JSON.stringify([edit("-".repeat(36), 1, { basePrice: "1.00" })]),
    ];
    for (const rows of refusedRows) {
      expect((await save({ rows })).data).toEqual({ ok: false, message: "manage.errors.invalidInput" });
    }
    expect((await post({ intent: "launch" })).status).toBe(400);
    expect((await post({ intent: "archive", id: "-".repeat(36) })).status).toBe(400);
    expect((await row("mango")).basePriceCents).toBe(1000);
  });

  it("refuses a save over a newer one with the other person's values, and overwrites when asked", async () => {
    expect(
      (await save({ rows: JSON.stringify([edit(ids.mango, 1, { basePrice: "12.00" })]) }, admin)).data,
    ).toMatchObject({ ok: true });
    const stale = await save({ rows: JSON.stringify([edit(ids.mango, 1, { basePrice: "13.00" })]) });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({
      ok: false,
      message: "manage.errors.conflict",
      conflicts: [{ productId: ids.mango, authorName: admin.name, current: { basePriceCents: 1200, revision: 2 } }],
    });
    expect((await row("mango")).basePriceCents).toBe(1200);
    // Saving over their change names their revision: a third person's later save would be refused again.
    const overwrite = await save({ rows: JSON.stringify([edit(ids.mango, 2, { basePrice: "13.00" })]) });
    expect(overwrite.data).toMatchObject({ ok: true, changed: 1 });
    expect(await row("mango")).toMatchObject({ basePriceCents: 1300, revision: 3 });
    // Both saves stay in the history.
    expect(await db().select().from(priceHistory).where(eq(priceHistory.productId, ids.mango))).toHaveLength(2);
  });

  it("of two saves from the same revision at once, one lands and the other is told", async () => {
    const [a, b] = await Promise.all([
      save({ rows: JSON.stringify([edit(ids.mango, 1, { basePrice: "20.00" })]) }, admin),
      save({ rows: JSON.stringify([edit(ids.mango, 1, { basePrice: "30.00" })]) }, seller),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 2000 : 3000;
    expect(await row("mango")).toMatchObject({ basePriceCents: winner, revision: 2 });
    expect(await db().select().from(priceHistory).where(eq(priceHistory.productId, ids.mango))).toHaveLength(1);
  });

  it("creates a product with every field, a slug from its English name, and its activity entry", async () => {
    const fields = {
      nameEn: "Hass Avocados",
      nameEs: "Aguacates Hass",
      category: "fruits",
      basePrice: "42.50",
      quantity: "-3",
      unit: "case",
      packValue: "48",
      packUnit: "ct",
      availability: "in_stock",
      active: "true",
      quickbooksId: "Fruit:Avocado Hass 48",
      sku: "AV-48",
      popularity: "5",
      descriptionEn: "Creamy.",
      descriptionEs: "Cremosos.",
    };
    const created = await post({ intent: "create", fields: JSON.stringify(fields) });
    expect(created.data).toEqual({ ok: true, kind: "created", slug: "hass-avocados" });
    expect(await row("hass-avocados")).toMatchObject({
      nameEs: "Aguacates Hass",
      basePriceCents: 4250,
      quantity: "-3.00",
      packValue: "48.000",
      quickbooksId: "Fruit:Avocado Hass 48",
      descriptionEs: "Cremosos.",
    });
    const again = await post({ intent: "create", fields: JSON.stringify({ ...fields, quickbooksId: "" }) });
    expect(again.data).toMatchObject({ ok: true, slug: "hass-avocados-2" });
    const [entry] = await db().select().from(activity).where(eq(activity.action, "created")).limit(1);
    expect(entry).toMatchObject({ entityType: "product", actorId: seller.id });
  });

  it("refuses a new product without names, with a taken QuickBooks ID or slug, or a reserved slug", async () => {
    const missing = await post({ intent: "create", fields: JSON.stringify({ nameEn: "Okra" }) });
    expect(missing.data).toMatchObject({ fieldErrors: { new: { nameEs: "manage.errors.nameRequired" } } });
    const code = await post({
      intent: "create",
      fields: JSON.stringify({ nameEn: "Mango 2", nameEs: "Mango 2", quickbooksId: "Fruit:Mango" }),
    });
    expect(code.data).toMatchObject({ fieldErrors: { new: { quickbooksId: "manage.errors.quickbooksIdTaken" } } });
    const slug = await post({
      intent: "create",
      fields: JSON.stringify({ nameEn: "Mango 2", nameEs: "Mango 2", slug: "lime" }),
    });
    expect(slug.data).toMatchObject({ fieldErrors: { new: { slug: "manage.errors.slugTaken" } } });
    const reserved = await save({ rows: JSON.stringify([edit(ids.lime, 1, { slug: "manage" })]) });
    expect(reserved.data).toMatchObject({ fieldErrors: { [ids.lime]: { slug: "manage.errors.slugInvalid" } } });
    expect((await db().select().from(product)).length).toBe(4);
  });

  it("archives a product (hidden from visitors, history kept) and restores it", async () => {
    const archived = await post({ intent: "archive", id: ids.mango });
    expect(archived.data).toEqual({ ok: true, kind: "archived" });
    const visible = await findPublicProducts(parseCatalogQuery(new URLSearchParams()), "en");
    expect(visible.products.map((p) => p.slug)).not.toContain("mango");
    expect((await list()).data!.products.map((p) => p.slug)).not.toContain("mango");
    expect((await list("?status=archived")).data!.products.map((p) => p.slug)).toEqual(["mango"]);
    const [entry] = await db().select().from(activity).where(eq(activity.entityId, ids.mango));
    expect(entry).toMatchObject({ action: "deleted", entityType: "product" });
    expect((await post({ intent: "restore", id: ids.mango })).data).toEqual({ ok: true, kind: "restored" });
    expect((await row("mango")).archivedAt).toBeNull();
  });
});

/** A PNG header claiming a canvas far beyond the limit, in a few bytes: an image bomb. */
function pngBomb(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe(`product images (${test.kind})`, () => {
  const upload = (file: File, id = ids.mango, user = seller) => post({ intent: "image-upload", id, file }, user);

  it("re-encodes an upload, stores it under a new key and serves it with a one-hour cache", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#e8a33d" } })
      .png()
      .toBuffer();
    const result = await upload(new File([png], "mango.png", { type: "image/png" }));
    expect(result.data).toEqual({ ok: true, kind: "image" });
    const key = (await row("mango")).imageKey!;
    expect(key).toMatch(/^products\/[0-9a-f-]{36}\.webp$/);
    const stored = readFileSync(path.join(dataDir, "uploads", key));
    expect((await sharp(stored).metadata()).format).toBe("webp");
    // The price sheets' PDF thumbnails are drawn once the answer is out, at twice their points.
    await vi.waitFor(() => {
      for (const pixels of [32, 64])
        expect(existsSync(path.join(dataDir, "cache", "img", key, `pdf-${pixels}.jpg`))).toBe(true);
    });

    // A second upload gets another key; the first file stays (history and caches may refer to it).
    await upload(new File([png], "mango.png", { type: "image/png" }));
    const second = (await row("mango")).imageKey!;
    expect(second).not.toBe(key);
    expect(existsSync(path.join(dataDir, "uploads", key))).toBe(true);

    const web = express();
    web.use("/uploads", uploadsRouter());
    const server = web.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/uploads/${second}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(res.headers.get("content-type")).toBe("image/webp");
    } finally {
      server.close();
    }
    const entries = await db().select().from(activity).where(eq(activity.entityId, ids.mango));
    expect(entries.map((e) => e.changes)).toContainEqual({ imageKey: { before: null, after: key } });
  });

  it("takes a GIF and a WEBP, judged by their bytes and not their names", async () => {
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#00ff00" } })
      .gif()
      .toBuffer();
    expect((await upload(new File([gif], "photo.jpg", { type: "image/jpeg" }))).data).toMatchObject({ ok: true });
    const webp = await sharp({ create: { width: 40, height: 40, channels: 4, background: "#0000ff80" } })
      .webp()
      .toBuffer();
    expect((await upload(new File([webp], "photo", { type: "application/octet-stream" }))).data).toMatchObject({
      ok: true,
    });
  });

  it("refuses a text file renamed .png, an SVG, a 6 MB file and an image bomb, and changes nothing", async () => {
    const refusals: Array<[File, string, number]> = [
      [new File(["hello, I am text"], "photo.png", { type: "image/png" }), "notAnImage", 400],
      [
        new File(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'], "x.png", { type: "image/png" }),
        "notAnImage",
        400,
      ],
      [new File([Buffer.alloc(6 * 1024 * 1024, 1)], "big.png", { type: "image/png" }), "tooLarge", 413],
      [new File([pngBomb(60_000, 60_000)], "bomb.png", { type: "image/png" }), "notAnImage", 400],
      [new File([], "empty.png", { type: "image/png" }), "noFile", 400],
    ];
    const stored = () =>
      existsSync(path.join(dataDir, "uploads", "products"))
        ? readdirSync(path.join(dataDir, "uploads", "products")).length
        : 0;
    const before = stored();
    for (const [file, reason, status] of refusals) {
      const result = await upload(file);
      expect(result.status, reason).toBe(status);
      expect(result.data).toEqual({
        ok: false,
        message: "manage.image.uploadFailed",
        reason: `manage.image.reasons.${reason}`,
      });
    }
    expect(await row("mango")).toMatchObject({ imageKey: null, revision: 1 });
    expect(stored()).toBe(before);
  });

  it("says 'Error uploading image' when storing fails, and keeps the product as it was", async () => {
    setImageStorageForTests({
      remote: false,
      put: () => Promise.reject(new Error("disk full")),
      get: () => Promise.resolve(undefined),
    });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const result = await upload(new File([png], "a.png", { type: "image/png" }));
    expect(result.status).toBe(500);
    expect(result.data).toMatchObject({ message: "manage.image.uploadFailed", reason: "manage.image.reasons.failed" });
    expect((await row("mango")).imageKey).toBeNull();
  });

  it("takes an https image URL instead, and refuses an invalid one or an unknown product", async () => {
    const url = "https://images.example.com/mango.jpg";
    expect((await post({ intent: "image-url", id: ids.mango, url })).data).toEqual({ ok: true, kind: "image" });
    expect(await row("mango")).toMatchObject({ imageUrl: url, imageKey: null });
    const shown = await findPublicProducts(parseCatalogQuery(new URLSearchParams("q=mango")), "en");
    expect(shown.products[0]).toMatchObject({ slug: "mango", imageUrl: url, imageKey: null });
    const spaced = await post({ intent: "image-url", id: ids.lime, url: " https://Images.Example.com/a b.png " });
    expect(spaced.data).toEqual({ ok: true, kind: "image" });
    expect((await row("lime")).imageUrl).toBe("https://images.example.com/a%20b.png");
    await post({ intent: "image-remove", id: ids.lime });
    for (const bad of [
      "https://10.0.0.1/a.png",
      "https://[::1]/a.png",
      "javascript:alert(1)",
      "not a url",
      "http://insecure.example.com/a.png",
      "https://user:pw@x.com/a.png",
    ]) {
      const result = await post({ intent: "image-url", id: ids.lime, url: bad });
      expect(result.data).toEqual({ ok: false, message: "manage.image.invalidUrl" });
    }
    const unknown = await post({ intent: "image-url", id: "00000000-0000-4000-8000-000000000000", url });
    expect(unknown.data).toEqual({ ok: false, message: "manage.image.invalidUrl" });
    expect((await upload(new File(["x"], "a.png"), "00000000-0000-4000-8000-000000000000")).data).toEqual({
      ok: false,
      message: "manage.image.invalidUrl",
    });
    expect((await row("lime")).imageUrl).toBeNull();
    expect((await post({ intent: "image-remove", id: ids.mango })).data).toEqual({ ok: true, kind: "image" });
    expect(await row("mango")).toMatchObject({ imageUrl: null, imageKey: null });
  });
});
