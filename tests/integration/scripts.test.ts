import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { auth } from "../../app/auth/auth.server";
import { db } from "../../app/db/client.server";
import { activity, mailOutbox, priceList, product, user } from "../../app/db/schema";
import { seedProducts } from "../../app/setup/seed-data";
import { demoIconSvg, readIconSet } from "../../app/setup/seed-images.server";
import { createAdmin } from "../../scripts/lib/admin";
import { CliError } from "../../scripts/lib/cli";
import { seedDatabase } from "../../scripts/lib/seed";
import { runScript } from "../support/run-script";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

const dataDir = path.resolve(".tmp", `ops-scripts-${test.kind}-${process.pid}`);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const total = async (table: typeof product | typeof priceList | typeof user) =>
  (await db().select({ n: count() }).from(table))[0].n;

describe(`seed (${test.kind})`, () => {
  it("names only icons that exist in the Fluent Emoji set", () => {
    const icons = readIconSet();
    const missing = seedProducts.filter((p) => !demoIconSvg(icons, p.emoji)).map((p) => p.emoji);
    expect(missing).toEqual([]);
  });

  it("seeds the catalogue, price lists and 512×512 WebP images once; a second run changes nothing", async () => {
    const first = await seedDatabase({ dataDir });
    expect(first.catalogSeeded).toBe(true);
    expect(first.accountsCreated).toEqual([]);
    expect(await total(product)).toBe(seedProducts.length);
    expect(await total(priceList)).toBeGreaterThanOrEqual(3);
    // The landing page links to these five product pages.
    const linked = await db().select({ slug: product.slug }).from(product);
    expect(linked.map((r) => r.slug)).toEqual(
      expect.arrayContaining(["sandia", "vegetales-mix", "aguacates", "mangoes", "mayor"]),
    );
    const categories = await db().selectDistinct({ c: product.category }).from(product);
    expect(categories.map((r) => r.c).sort()).toEqual(["dry_produce", "fruits", "herbs", "others", "vegetables"]);

    const demoDir = path.join(dataDir, "uploads", "demo");
    const [watermelon] = await db().select().from(product).where(eq(product.slug, "sandia"));
    expect(watermelon.imageKey).toBe("demo/watermelon.webp");
    const { default: sharp } = await import("sharp");
    const meta = await sharp(path.join(dataDir, "uploads", watermelon.imageKey!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 512, 512]);
    const files = readdirSync(demoDir);
    for (const p of seedProducts) expect(files).toContain(`${p.emoji}.webp`);

    const mtime = statSync(path.join(demoDir, "watermelon.webp")).mtimeMs;
    const second = await seedDatabase({ dataDir, demo: true });
    expect(second.catalogSeeded).toBe(false);
    expect(second.imagesWritten).toBe(0);
    expect(statSync(path.join(demoDir, "watermelon.webp")).mtimeMs).toBe(mtime);
    expect(second.accountsCreated).toEqual(["admin@demo.test", "seller@demo.test", "customer@demo.test"]);
    expect(await total(product)).toBe(seedProducts.length);

    const third = await seedDatabase({ dataDir, demo: true });
    expect(third).toEqual({ catalogSeeded: false, imagesWritten: 0, accountsCreated: [] });
    expect(await total(user)).toBe(3);
  });
});

describe(`create-admin (${test.kind})`, () => {
  it("creates an admin who can sign in with the given password, and records it", async () => {
    const result = await createAdmin({
      email: " Owner@Example.COM ",
      name: "Olga Owner",
      password: "tangerine crates at dawn 77",
    });
    expect(result.email).toBe("owner@example.com");
    const [row] = await db().select().from(user).where(eq(user.id, result.id));
    expect([row.role, row.name]).toEqual(["admin", "Olga Owner"]);
    const signedIn = await auth().api.signInEmail({
      body: { email: "owner@example.com", password: "tangerine crates at dawn 77" },
    });
    expect(signedIn.user.id).toBe(result.id);
    const entries = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.entityId, result.id), eq(activity.action, "created")));
    expect(entries).toHaveLength(1);
  });

  it("without a password writes a set-password link to the outbox and returns it", async () => {
    const result = await createAdmin({ email: "invited@example.com" });
    expect(result.setPasswordLink).toMatch(/\/reset-password\?token=[\w-]+/);
    const messages = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, "invited@example.com"));
    expect(messages).toHaveLength(1);
    expect(messages[0].kind).toBe("invite");
    expect(messages[0].body).toContain(result.setPasswordLink);
  });

  it("refuses an existing email, a bad email and a weak password, changing nothing", async () => {
    const before = await total(user);
    await expect(createAdmin({ email: "OWNER@example.com", password: "another long phrase 99" })).rejects.toThrow(
      /already exists; nothing was changed/,
    );
    await expect(createAdmin({ email: "not-an-email" })).rejects.toThrow(CliError);
    await expect(createAdmin({ email: "weak@example.com", password: "password1" })).rejects.toThrow(/too weak/);
    await expect(createAdmin({ email: "short@example.com", password: "abc" })).rejects.toThrow(/at least 8/);
    expect(await total(user)).toBe(before);
  });
});

/** Whether an account exists, read the way a new process would find it. */
async function hasUser(email: string) {
  if (test.kind === "postgres") return (await db().select().from(user).where(eq(user.email, email))).length > 0;
  const pglite = await PGlite.create(path.join(dataDir, "pg"));
  try {
    return (await pglite.query(`select 1 from "user" where email = $1`, [email])).rows.length > 0;
  } finally {
    await pglite.close();
  }
}

// Each tool is a process that opens and closes the database, so these run few commands, in order.
describe(`command-line tools (${test.kind})`, () => {
  const env = { DATA_DIR: dataDir, DATABASE_URL: test.kind === "postgres" ? test.url : undefined };
  const noStack = (output: string) => expect(output).not.toMatch(/\n\s+at /);

  it("npm run seed -- --demo seeds, or leaves a seeded database as it is", { timeout: 120_000 }, async () => {
    const result = await runScript("scripts/seed.ts", ["--demo"], env);
    expect(result.code, result.output).toBe(0);
    if (test.kind === "postgres") {
      expect(result.stdout).toContain("already seeded");
      expect(result.stdout).toContain(
        "Already present, left unchanged: admin@demo.test, seller@demo.test, customer@demo.test",
      );
      expect(await total(product)).toBe(seedProducts.length);
    } else {
      expect(result.stdout).toContain("Seeded the catalogue and price lists");
      expect(result.stdout).toContain("Created demo accounts");
    }
  });

  it(
    "npm run create-admin prints a set-password link without a terminal and refuses a taken email",
    { timeout: 120_000 },
    async () => {
      const created = await runScript(
        "scripts/create-admin.ts",
        ["--email", "cli-admin@example.com", "--name", "Cli Admin"],
        env,
      );
      expect(created.code, created.output).toBe(0);
      expect(created.stdout).toContain("Created the admin cli-admin@example.com.");
      expect(created.stdout).toMatch(/\/reset-password\?token=[\w-]+/);

      const again = await runScript("scripts/create-admin.ts", ["--email", "cli-admin@example.com"], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("An account with the email cli-admin@example.com already exists");
      noStack(again.output);

      const missing = await runScript("scripts/create-admin.ts", [], env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("--email is required");
    },
  );

  it(
    "npm run backup and npm run restore bring the database back, keeping what they replaced",
    { timeout: 240_000 },
    async () => {
      const file = path.join(dataDir, test.kind === "postgres" ? "before.dump" : "before.tar.gz");
      const backup = await runScript("scripts/backup.ts", [file], env);
      expect(backup.code, backup.output).toBe(0);
      expect(statSync(file).size).toBeGreaterThan(0);

      const later = ["--email", "later@example.com", "--password", "mangoes ripen in july 31"];
      expect((await runScript("scripts/create-admin.ts", later, env)).code).toBe(0);
      expect(await hasUser("later@example.com")).toBe(true);

      const restore = await runScript("scripts/restore.ts", [file], env);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.stdout).toContain("The data it replaced is saved in");
      const saved = readdirSync(path.join(dataDir, "backups")).filter((f) => f.startsWith("pre-restore-"));
      expect(saved).toHaveLength(1);
      expect(await hasUser("later@example.com")).toBe(false);
      expect(await hasUser("cli-admin@example.com")).toBe(true);
    },
  );

  it("npm run restore refuses a file that is not a backup and changes nothing", { timeout: 120_000 }, async () => {
    const bogus = path.join(dataDir, "notes.txt");
    writeFileSync(bogus, "not a backup");
    const result = await runScript("scripts/restore.ts", [bogus], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("is not a backup made by npm run backup");
    noStack(result.output);
    const missing = await runScript("scripts/restore.ts", [path.join(dataDir, "missing.tar.gz")], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No backup file at");
    expect(readdirSync(path.join(dataDir, "backups")).filter((f) => f.startsWith("pre-restore-"))).toHaveLength(1);
    expect(existsSync(path.join(dataDir, "app.lock"))).toBe(false);
  });
});

describe.skipIf(test.kind === "postgres")("snapshot before migrating (embedded database)", () => {
  it(
    "saves ./data as backups/pre-migrate-<time>.tar.gz when migrations are pending, and only then",
    { timeout: 180_000 },
    async () => {
      const dir = path.join(dataDir, "older");
      // A database from before every migration: it has a migration history but none of our tables.
      mkdirSync(path.join(dir, "pg"), { recursive: true });
      const old = await PGlite.create(path.join(dir, "pg"));
      await old.exec(`
      create schema drizzle;
      create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint);
      insert into drizzle.__drizzle_migrations (hash, created_at) values ('older', 1);
      create table kept (note text);
      insert into kept values ('written before the upgrade');
    `);
      await old.close();

      const upgraded = await runScript("scripts/seed.ts", [], { DATA_DIR: dir });
      expect(upgraded.code, upgraded.output).toBe(0);
      const snapshots = () => readdirSync(path.join(dir, "backups")).filter((f) => /^pre-migrate-.+\.tar\.gz$/.test(f));
      expect(snapshots()).toHaveLength(1);

      const blob = new Blob([readFileSync(path.join(dir, "backups", snapshots()[0]))]);
      const snapshot = await PGlite.create({ loadDataDir: blob });
      try {
        expect((await snapshot.query("select note from kept")).rows).toEqual([{ note: "written before the upgrade" }]);
        expect((await snapshot.query(`select to_regclass('public.product') as t`)).rows).toEqual([{ t: null }]);
      } finally {
        await snapshot.close();
      }

      const again = await runScript("scripts/seed.ts", [], { DATA_DIR: dir });
      expect(again.code, again.output).toBe(0);
      expect(snapshots()).toHaveLength(1);
    },
  );
});
