import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig, resetConfigForTests } from "../../app/config.server";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { product } from "../../app/db/schema";
import type { ManageResult } from "../../app/features/catalog/manage-actions.server";
import { action } from "../../app/routes/products-manage";
import { imagesRouter } from "../../server/images";
import { uploadsRouter } from "../../server/uploads";
import { postForm } from "../support/route-context";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

/** A stand-in for an S3-compatible bucket on 127.0.0.1: it keeps objects and the requests' headers. */
type Stored = { body: Buffer; headers: IncomingMessage["headers"] };
const objects = new Map<string, Stored>();
const requests: { method: string; url: string; authorization: string }[] = [];
let failPuts = false;
const bucket = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  requests.push({ method: req.method!, url: req.url!, authorization: String(req.headers.authorization ?? "") });
  if (!String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 Credential=test-key/")) {
    res.writeHead(403).end();
    return;
  }
  if (req.method === "PUT") {
    if (failPuts) {
      res.writeHead(500).end();
      return;
    }
    objects.set(req.url!, { body: Buffer.concat(chunks), headers: req.headers });
    res.writeHead(200).end();
    return;
  }
  const found = objects.get(req.url!);
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": String(found.headers["content-type"]) }).end(found.body);
});

const dataDir = mkdtempSync(path.join(tmpdir(), "image-storage-"));
const saved = { ...process.env };
let seller: SessionUser;
let productId: string;
let site = "";
let closeSite = () => {};

beforeAll(async () => {
  bucket.listen(0, "127.0.0.1");
  await new Promise((resolve) => bucket.once("listening", resolve));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    S3_ENDPOINT: `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`,
    S3_BUCKET: "produce-images",
    S3_ACCESS_KEY_ID: "test-key",
    S3_SECRET_ACCESS_KEY: "test-secret",
  });
  resetConfigForTests();
  const web = express();
  web.use("/uploads", uploadsRouter());
  web.use("/img", imagesRouter(dataDir));
  const server = web.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeSite = () => server.close();
});

afterAll(() => {
  closeSite();
  bucket.close();
  for (const key of ["DATA_DIR", "S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  failPuts = false;
  seller ??= await makeUser("seller");
  const [row] = await db()
    .insert(product)
    .values({ slug: `papaya-${crypto.randomUUID().slice(0, 8)}`, nameEn: "Papaya", nameEs: "Papaya" })
    .returning({ id: product.id });
  productId = row.id;
});

async function upload() {
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#ff8c42" } })
    .png()
    .toBuffer();
  return postForm<ManageResult>(
    action,
    "/products/manage",
    { intent: "image-upload", id: productId, file: new File([png], "papaya.png", { type: "image/png" }) },
    { user: seller },
  );
}

describe(`images in S3-compatible storage (${test.kind})`, () => {
  it("stores the re-encoded upload in the bucket, signed, with its type and the one-hour cache", async () => {
    expect((await upload()).data).toEqual({ ok: true, kind: "image" });
    const [row] = await db().select().from(product).where(eq(product.id, productId));
    const object = objects.get(`/produce-images/${row.imageKey}`);
    expect(object).toBeDefined();
    expect(object!.headers["content-type"]).toBe("image/webp");
    expect(object!.headers["cache-control"]).toBe("public, max-age=3600");
    expect(object!.headers["x-amz-content-sha256"]).toMatch(/^([0-9a-f]{64}|UNSIGNED-PAYLOAD)$/);
    expect((await sharp(object!.body).metadata()).format).toBe("webp");
    const put = requests.find((r) => r.method === "PUT" && r.url.endsWith(row.imageKey!));
    expect(put!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/us-east-1\/s3\/aws4_request/);
  });

  it("serves an image another instance stored: fetched from the bucket once, then from disk", async () => {
    await upload();
    const [row] = await db().select().from(product).where(eq(product.id, productId));
    const key = row.imageKey!;
    // As if this instance had never seen it.
    rmSync(path.join(dataDir, "uploads", key));
    const original = await fetch(`${site}/uploads/${key}`);
    expect(original.status).toBe(200);
    expect(original.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(existsSync(path.join(dataDir, "uploads", key))).toBe(true);
    const resized = await fetch(`${site}/img/${key}?w=96&f=webp`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get("content-type")).toBe("image/webp");
    // Fetched from the bucket once: the second instance's later requests are served from its disk.
    const gets = () => requests.filter((r) => r.method === "GET" && r.url.endsWith(key)).length;
    expect(gets()).toBe(1);
    expect((await fetch(`${site}/img/${key}?w=160&f=avif`)).status).toBe(200);
    expect(gets()).toBe(1);
    // An unknown key is asked of the bucket once, then remembered as missing for a while.
    const unknown = "products/00000000-0000-4000-8000-000000000000.webp";
    expect((await fetch(`${site}/uploads/${unknown}`)).status).toBe(404);
    expect((await fetch(`${site}/uploads/${unknown}`)).status).toBe(404);
    expect(requests.filter((r) => r.url.endsWith(unknown))).toHaveLength(1);
    // Keys outside the uploads are never asked of the bucket.
    expect((await fetch(`${site}/uploads/demo/nothing.webp`)).status).toBe(404);
    expect(requests.some((r) => r.url.includes("/demo/"))).toBe(false);
  });

  it("says 'Error uploading image' when the bucket refuses, and keeps the product as it was", async () => {
    failPuts = true;
    const result = await upload();
    expect(result.status).toBe(500);
    expect(result.data).toMatchObject({ message: "manage.image.uploadFailed", reason: "manage.image.reasons.failed" });
    const [row] = await db().select().from(product).where(eq(product.id, productId));
    expect(row.imageKey).toBeNull();
  });

  it("asks for the four S3 settings together", () => {
    expect(() => parseConfig({ S3_BUCKET: "only-a-bucket" })).toThrow(/S3_ENDPOINT, S3_BUCKET/);
  });
});
