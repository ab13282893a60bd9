import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, withTransaction } from "../../app/db/client.server";
import { migrateDatabase } from "../../app/db/migrate.server";
import { appSetting, priceList } from "../../app/db/schema";
import { useTestDatabase } from "../support/test-db";

const test = await useTestDatabase();

describe(`database (${test.kind})`, () => {
  it("applies migrations again without change", async () => {
    await migrateDatabase(test.handle);
    const rows = await db().execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(Number((rows.rows[0] as { n: number }).n)).toBeGreaterThan(0);
  });

  it("commits a transaction whole or not at all", async () => {
    await expect(
      withTransaction(async (tx) => {
        await tx.insert(appSetting).values({ key: "half", value: "1" });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(
      await db()
        .select()
        .from(appSetting)
        .where(sql`${appSetting.key} = 'half'`),
    ).toHaveLength(0);
  });

  it("refuses the root connection inside a transaction", async () => {
    await expect(withTransaction(async () => db().select().from(appSetting))).rejects.toThrow(/inside withTransaction/);
  });

  it("allows only one public price list", async () => {
    await db().insert(priceList).values({ slug: "a", name: "A", isPublic: true });
    await expect(db().insert(priceList).values({ slug: "b", name: "B", isPublic: true })).rejects.toThrow();
  });
});
