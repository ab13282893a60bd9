import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit } from "../../server/security";

let base = "";
let close = () => {};

beforeAll(async () => {
  const web = express();
  web.use(bodyLimit());
  web.use((req, res) => {
    let size = 0;
    req.on("data", (chunk: Buffer) => (size += chunk.length));
    req.on("end", () => res.json({ size }));
  });
  const server = web.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

const post = (path: string, bytes: number) =>
  fetch(`${base}${path}`, { method: "POST", body: Buffer.alloc(bytes, 97), headers: { "content-type": "text/plain" } });

describe("request body limits", () => {
  it("refuses a form body over 1 MB before reading it, and lets smaller ones through", async () => {
    expect((await post("/contact", 1024 * 1024 + 1)).status).toBe(413);
    expect(await (await post("/contact", 2000)).json()).toEqual({ size: 2000 });
  });

  it("gives the product picture upload 5 MB with its form, and the import 10 MB", async () => {
    expect((await post("/products/manage", 5 * 1024 * 1024)).status).toBe(200);
    expect((await post("/products/manage", 6 * 1024 * 1024)).status).toBe(413);
    expect((await post("/import-quickbooks", 10 * 1024 * 1024)).status).toBe(200);
    expect((await post("/import-quickbooks", 11 * 1024 * 1024)).status).toBe(413);
    // The run API: a background import's upload, or a batch of rows with long descriptions.
    expect((await post("/import-quickbooks/runs", 10 * 1024 * 1024)).status).toBe(200);
    expect((await post("/import-quickbooks/runs", 11 * 1024 * 1024)).status).toBe(413);
    expect((await post("/import-quickbooks/runs/x/progress", 2 * 1024 * 1024)).status).toBe(413);
  });

  it("refuses a streamed body that declares no size", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${base}/contact`,
        { method: "POST", headers: { "transfer-encoding": "chunked" } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on("error", reject);
      req.write("a".repeat(100));
      req.end();
    });
    expect(status).toBe(411);
  });

  it("leaves reads alone", async () => {
    expect((await fetch(`${base}/contact`)).status).toBe(200);
  });
});
