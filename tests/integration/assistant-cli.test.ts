/**
 * `npm run assistant:plan`: one JSON document with --json, a customer's refusal, a short text
 * summary, and exit 1 with the usage on wrong arguments. On PostgreSQL the command reads the test
 * database; on PGlite a data directory seeded with the demo data by `npm run seed -- --demo`.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog, seedDemoAccounts } from "../../app/setup/seed.server";
import { runScript } from "../support/run-script";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

const dataDir = path.resolve(".tmp", `assistant-cli-${test.kind}-${process.pid}`);
mkdirSync(dataDir, { recursive: true });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = test.kind === "postgres" ? { DATABASE_URL: test.url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
const cli = (...args: string[]) => runScript("scripts/assistant-plan.ts", args, env, 180_000);

type Document = {
  tool: string;
  args: Record<string, unknown>;
  reply: string;
  results?: unknown[];
  choices?: unknown[];
};

describe(`npm run assistant:plan (${test.kind})`, { timeout: 240_000 }, () => {
  beforeAll(async () => {
    if (test.kind === "postgres") {
      await seedCatalog();
      await seedDemoAccounts();
    } else {
      const seeded = await runScript("scripts/seed.ts", ["--demo"], env, 180_000);
      expect(seeded.code, seeded.output).toBe(0);
    }
  }, 240_000);

  it("refuses wrong arguments with exit 1 and the usage", async () => {
    const none = await cli();
    expect([none.code, none.stderr]).toEqual([1, expect.stringContaining("TEXT is required.")]);
    const role = await cli("show herbs", "--as", "boss");
    expect([role.code, role.stderr]).toEqual([1, expect.stringContaining("--as must be admin, seller or customer.")]);
    const two = await cli("show herbs", "show fruits");
    expect([two.code, two.stderr]).toEqual([1, expect.stringContaining("Usage: npm run assistant:plan")]);
    const option = await cli("show herbs", "--verbose");
    expect([option.code, option.stderr]).toEqual([1, expect.stringContaining("Unknown option --verbose.")]);
  });

  it("prints one JSON document as a seller: a category-wide proposal with every product it changes", async () => {
    const run = await cli("raise all herbs 10% on the Restaurants list", "--json");
    expect(run.code, run.output).toBe(0);
    const doc = JSON.parse(run.stdout) as Document;
    expect(doc).toMatchObject({
      tool: "change_price",
      args: {
        category: "herbs",
        scope: "category",
        priceList: { slug: "restaurants", name: "Restaurants" },
        changeBy: { type: "percentage", value: 10 },
      },
      reply: expect.stringContaining("Restaurants"),
    });
    expect(doc.results).toHaveLength(5);
    expect(doc.results![0]).toEqual({ id: expect.any(String), name: expect.any(String) });

    const spanish = JSON.parse((await cli("súbele 75 centavos al recao", "--json")).stdout) as Document;
    expect(spanish).toMatchObject({
      tool: "change_price",
      args: { product: { name: "Culantro (recao)" }, changeBy: { type: "fixed", value: 0.75 } },
    });
    const asking = JSON.parse((await cli("change limes 2", "--json")).stdout) as Document;
    expect(asking.tool).toBe("clarify");
    expect(asking.choices).toHaveLength(3);
  });

  it("acts as the demo customer: lists their own list, refuses changes", async () => {
    const listed = JSON.parse((await cli("show me the herbs", "--as", "customer", "--json")).stdout) as Document;
    expect(listed).toMatchObject({
      tool: "list_products",
      args: { category: "herbs", priceList: { slug: "customers" } },
    });
    expect(listed.results).toHaveLength(5);
    const change = await cli("raise basil 10%", "--as", "customer", "--json");
    expect(change.code).toBe(0);
    expect(JSON.parse(change.stdout)).toMatchObject({ tool: "refuse", args: {}, reply: expect.any(String) });
  });

  it("summarises in text without --json", async () => {
    const run = await cli("how much is basil?", "--as", "admin");
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain("As admin@demo.test (admin): list_products");
    expect(run.stdout).toContain("Basil");
  });
});
