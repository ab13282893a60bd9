import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imagesRouter } from "../../server/images";

// The image service touches no database: it reads uploads and writes its cache under DATA_DIR,
// which may well sit in a dot folder (.tmp/, .data/).
const dataDir = mkdtempSync(path.join(tmpdir(), ".images-test-"));
let base = "";
let close: () => void = () => {};

beforeAll(async () => {
  const uploads = path.join(dataDir, "uploads", "demo");
  mkdirSync(uploads, { recursive: true });
  await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a7d44" } })
    .png()
    .toFile(path.join(uploads, "field.png"));
  // 48 million pixels in a few kilobytes: the kind of input that must be refused before decoding.
  await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 9 })
    .toFile(path.join(uploads, "bomb.png"));
  writeFileSync(path.join(uploads, "broken.webp"), "not an image");
  writeFileSync(path.join(dataDir, "secret.png"), "outside the uploads folder");

  const web = express();
  web.use("/img", imagesRouter(dataDir));
  const server = web.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("GET /img/<key>?w=&f=", () => {
  it("resizes to the requested width in AVIF and WebP, caches on disk and allows a year of caching", async () => {
    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
    ] as const) {
      const res = await fetch(`${base}/img/demo/field.png?w=320&f=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
      expect([meta.width, meta.height]).toEqual([320, 240]);
      expect(existsSync(path.join(dataDir, "cache", "img", "demo", "field.png", `320.${format}`))).toBe(true);
    }
  });

  it("serves the cached rendering on the next request instead of rendering again", async () => {
    const cached = path.join(dataDir, "cache", "img", "demo", "field.png", "160.webp");
    expect((await fetch(`${base}/img/demo/field.png?w=160&f=webp`)).status).toBe(200);
    const first = statSync(cached).mtimeMs;
    const again = await fetch(`${base}/img/demo/field.png?w=160&f=webp`);
    expect(again.status).toBe(200);
    expect(statSync(cached).mtimeMs).toBe(first);
  });

  it("never enlarges a small source", async () => {
    const res = await fetch(`${base}/img/demo/field.png?w=1280&f=webp`);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.width).toBe(800);
  });

  it("answers 404 for unknown keys, widths and formats, and for paths outside the uploads", async () => {
    for (const url of [
      "/img/demo/missing.png?w=320&f=webp",
      "/img/demo/field.png?w=321&f=webp",
      "/img/demo/field.png?w=320",
      "/img/demo/field.png?f=webp",
      "/img/demo/field.png?w=320&f=gif",
      "/img/demo/field.png?w=320&w=480&f=webp",
      "/img/demo/field.png?w=0320&f=webp",
      "/img/demo?w=320&f=webp",
      "/img/../secret.png?w=320&f=webp",
      "/img/demo/..%2F..%2Fsecret.png?w=320&f=webp",
      "/img/%2e%2e/secret.png?w=320&f=webp",
      "/img/demo%2Ffield.png%00.png?w=320&f=webp",
      "/img/?w=320&f=webp",
    ]) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(404);
    }
    expect(existsSync(path.join(dataDir, "cache", "img", "secret.png"))).toBe(false);
  });

  it("refuses inputs over the pixel limit and files that are not images, without crashing", async () => {
    expect((await fetch(`${base}/img/demo/bomb.png?w=320&f=webp`)).status).toBe(404);
    expect((await fetch(`${base}/img/demo/broken.webp?w=320&f=webp`)).status).toBe(404);
    expect((await fetch(`${base}/img/demo/field.png?w=96&f=webp`)).status).toBe(200);
  });

  it("renders a rendering once when many ask for it at the same time", async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${base}/img/demo/field.png?w=480&f=avif`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const sizes = await Promise.all(responses.map(async (r) => (await r.arrayBuffer()).byteLength));
    expect(new Set(sizes).size).toBe(1);
  });
});
