/**
 * The optional model (docs/decisions/014-import-runs.md) at the import's boundary: with AI_BASE_URL
 * set, an OpenAI-style model names the items (many per request); a model that times out, fails or
 * answers something invalid leaves the naming to the built-in engine, and the import goes on. The
 * model is a fake server on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../app/config.server";
import type { SessionUser } from "../../app/context";
import { db } from "../../app/db/client.server";
import { product } from "../../app/db/schema";
import { exportImportRowsCsv } from "../../app/features/imports/run/export.server";
import { importQuickBooksFile } from "../../app/features/imports/run/import-file.server";
import { loader as runPageLoader } from "../../app/routes/import-quickbooks-run";
import { callRoute, getRequest, routeContext } from "../support/route-context";
import { freshImportData } from "../support/import-data";
import { useTestDatabase } from "../support/test-db";
import { makeUser } from "../support/users-context";

const test = await useTestDatabase();

type Mode = "names" | "slow" | "invalid" | "error";
let mode: Mode = "names";
const requests: Array<{ authorization: string | undefined; items: Array<{ id: string; description: string }> }> = [];

async function body(req: IncomingMessage) {
  let text = "";
  for await (const chunk of req) text += chunk;
  return JSON.parse(text) as { model: string; messages: Array<{ role: string; content: string }> };
}

let server: Server;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const request = await body(req);
    const items = (
      JSON.parse(request.messages.at(-1)!.content) as { items: Array<{ id: string; description: string }> }
    ).items;
    requests.push({ authorization: req.headers.authorization, items });
    const answer = (content: unknown) => {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: JSON.stringify(content) } }] }));
    };
    switch (mode) {
      case "slow":
        setTimeout(() => answer({ items: [] }), 8_000).unref();
        return;
      case "error":
        res.statusCode = 500;
        res.end("{}");
        return;
      case "invalid":
        return answer({
          items: items.map((i) => ({ id: i.id, name: "<script>alert(1)</script>", nameEs: "x", category: "candy" })),
        });
      case "names":
        return answer({
          items: items.map((i) => ({
            id: i.id,
            name: `Model ${i.description.split(" ")[0]}`,
            nameEs: `Modelo ${i.description.split(" ")[0]}`,
            category: "fruits",
          })),
        });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  process.env.AI_BASE_URL = `http://127.0.0.1:${port}/v1`;
  process.env.AI_API_KEY = "test-key";
  // Long enough for a loaded machine to answer in time; the "slow" test shortens it.
  process.env.AI_TIMEOUT_MS = "10000";
  resetConfigForTests();
});

afterAll(async () => {
  delete process.env.AI_BASE_URL;
  delete process.env.AI_API_KEY;
  delete process.env.AI_TIMEOUT_MS;
  resetConfigForTests();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let seller: SessionUser;
let listSlug: string;
beforeAll(async () => {
  seller = await makeUser("seller");
});
beforeEach(async () => {
  requests.length = 0;
  const list = await freshImportData(seller, `Model ${Math.random()}`);
  listSlug = list.slug;
});

const qboSmall = () => readFileSync(path.resolve("tests/fixtures/quickbooks/qbo_small.csv"));

async function run() {
  const result = await importQuickBooksFile({
    actor: seller,
    fileName: "qbo_small.csv",
    bytes: qboSmall(),
    listSlug,
    collectRows: true,
  });
  if (!result.ok) throw new Error("refused");
  return result;
}

describe(`naming with a model (${test.kind})`, () => {
  it("names the items with the model, many in one request, validated; statuses, packs and prices stay the engine's", async () => {
    mode = "names";
    const { rows, summary } = await run();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThanOrEqual(2);
    expect(requests[0].authorization).toBe("Bearer test-key");
    expect(requests[0].items.length).toBeGreaterThan(40);
    const avocado = rows.find((r) => r.item === "AVO48")!;
    expect(avocado).toMatchObject({
      name: "Model AGUACATE",
      nameEs: "Modelo AGUACATE",
      namedBy: "model",
      packValue: 48,
      packUnit: "ct",
      finalStatus: "success",
    });
    expect(summary.namedByModel).toBe(49);
    expect(summary).toMatchObject({ created: 48, errors: 0, outcome: "success" });
    const [stored] = await db().select().from(product).where(eq(product.quickbooksId, "AVO48"));
    expect(stored.nameEn).toBe("Model AGUACATE");
  });

  it("lets the run's page and its CSV speak of AI, as a model is configured", async () => {
    mode = "names";
    const { summary } = await run();
    const runId = summary.runId!;
    const page = await callRoute<{ modelConfigured: boolean }>(
      runPageLoader,
      getRequest(`/import-quickbooks/runs/${runId}`),
      routeContext({ user: seller }),
      { runId },
    );
    expect(page.data?.modelConfigured).toBe(true);
    const { csv } = await exportImportRowsCsv(runId, { lang: "es" });
    expect(csv.split("\r\n")[0]).toContain(",Acción,Estado de IA,");
  });

  it("a model that does not answer in time: the built-in engine names everything, and the import goes on", async () => {
    mode = "slow";
    // Answers come 8 s late; the import waits 2 s for each.
    process.env.AI_TIMEOUT_MS = "2000";
    resetConfigForTests();
    const started = performance.now();
    const { rows, summary } = await run().finally(() => {
      process.env.AI_TIMEOUT_MS = "10000";
      resetConfigForTests();
    });
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(summary).toMatchObject({ created: 48, errors: 0, outcome: "success", namedByModel: 0 });
    const avocado = rows.find((r) => r.item === "AVO48")!;
    expect(avocado).toMatchObject({ name: "Hass Avocado", namedBy: "engine" });
    expect(avocado.message).toContain("The model did not name this item: the built-in engine did.");
  });

  it.each<Mode>(["invalid", "error"])("a model that answers %s: the engine's names", async (m) => {
    mode = m;
    const { rows, summary } = await run();
    expect(summary.namedByModel).toBe(0);
    expect(rows.find((r) => r.item === "AVO48")).toMatchObject({ name: "Hass Avocado", category: "fruits" });
    const names = await db().select({ name: product.nameEn }).from(product);
    expect(names.some((n) => n.name.includes("<script>"))).toBe(false);
  });
});
