import { eq } from "drizzle-orm";
import { withTransaction, type Tx } from "~/db/client.server";
import { appSetting, customerPriceList, priceList, product, user } from "~/db/schema";
import { demoAccounts, demoPassword, seedPriceLists, seedProducts } from "./seed-data";
import { applyAdjustment } from "~/lib/money";
import { searchKey } from "~/lib/search";
import { applyPriceChanges, type LockedList } from "~/features/price-lists/internal.server";
import { hashPassword, insertUserWithPassword } from "~/features/users/create-user.server";
import { demoImageKey } from "./seed-images.server";

async function isSeeded(tx: Tx, key: string) {
  const rows = await tx.select().from(appSetting).where(eq(appSetting.key, key));
  return rows.length > 0;
}

/** Catalogue and price lists; runs once per database (an app_setting row remembers it). */
export async function seedCatalog() {
  return withTransaction(async (tx) => {
    if (await isSeeded(tx, "seeded_catalog")) return false;
    const inserted = await tx
      .insert(product)
      .values(
        seedProducts.map((p) => ({
          slug: p.slug,
          nameEn: p.en,
          nameEs: p.es,
          searchKey: searchKey(p.en, p.es),
          category: p.category,
          basePriceCents: p.cents,
          unit: p.unit,
          packValue: p.packValue?.toString() ?? null,
          packUnit: p.packUnit ?? null,
          imageKey: demoImageKey(p.emoji),
          popularity: p.popularity ?? 0,
          quantity: (p.quantity ?? 0).toString(),
          availability: p.outOfStock ? "out_of_stock" : "in_stock",
        })),
      )
      .returning({ id: product.id, cents: product.basePriceCents });
    let parentId: string | null = null;
    for (const list of seedPriceLists) {
      // Revision 0 until its prices are written, as a list made on the price list screen.
      const [row]: LockedList[] = await tx
        .insert(priceList)
        .values({
          slug: list.slug,
          name: list.name,
          nameEs: list.nameEs,
          description: list.description,
          descriptionEs: list.descriptionEs,
          isPublic: list.isPublic,
          isDefaultForCustomers: list.isDefaultForCustomers,
          isTemplate: list.isTemplate,
          parentId,
          adjustmentType: list.percentBasisPoints ? "percentage" : null,
          adjustmentValue: list.percentBasisPoints || null,
          revision: 0,
        })
        .returning();
      // Through the one write path, so every seeded price has its "initial" history row
      // (docs/decisions/032-data-check.md); the seed is nobody's change, so no activity entry.
      await applyPriceChanges(
        tx,
        row,
        inserted.map((p) => ({
          productId: p.id,
          oldCents: "absent" as const,
          newCents: applyAdjustment(p.cents ?? 0, "percentage", list.percentBasisPoints),
        })),
        { actor: { id: null }, source: "initial", activity: false },
      );
      parentId ??= row.id;
    }
    await tx.insert(appSetting).values({ key: "seeded_catalog", value: new Date().toISOString() });
    return true;
  });
}

/** The three demo accounts, all with the documented demo password. */
export async function seedDemoAccounts() {
  const passwordHash = await hashPassword(demoPassword);
  return withTransaction(async (tx) => {
    const created: string[] = [];
    for (const a of demoAccounts) {
      const existing = await tx.select({ id: user.id }).from(user).where(eq(user.email, a.email));
      if (existing.length > 0) continue;
      await insertUserWithPassword(tx, { ...a, passwordHash });
      created.push(a.email);
    }
    const [customer] = await tx.select({ id: user.id }).from(user).where(eq(user.email, "customer@demo.test"));
    const [list] = await tx.select({ id: priceList.id }).from(priceList).where(eq(priceList.slug, "customers"));
    if (customer && list) {
      await tx.insert(customerPriceList).values({ userId: customer.id, priceListId: list.id }).onConflictDoNothing();
    }
    return created;
  });
}
