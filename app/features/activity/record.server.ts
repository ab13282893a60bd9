import type { DbOrTx } from "~/db/client.server";
import { activity } from "~/db/schema";
import type { PriceGroupChanges } from "./changes";

export type { PriceGroupChanges };

export type ActivityEntity = "product" | "price_list" | "price_item" | "user" | "import_run" | "whatsapp_export";
export type ActivityAction = "created" | "updated" | "deleted";

export type ActivityInput = {
  actorId: string | null;
  entityType: ActivityEntity;
  entityId: string | null;
  action: ActivityAction;
  summary?: string;
  changes?: Record<string, { before: unknown; after: unknown }> | Record<string, unknown>;
  /**
   * One change of many prices of the list `entityId`: the revision it produced, whose price history
   * rows are the entry's rows (docs/decisions/029-grouped-activity.md). `changes` then describes it.
   */
  listRevision?: number;
};

/** The one way to write the audit log: call it with the transaction that makes the change. */
export async function recordActivity(tx: DbOrTx, input: ActivityInput | ActivityInput[]) {
  const inputs = Array.isArray(input) ? input : [input];
  if (inputs.length === 0) return;
  const now = new Date();
  // One statement for several entries (a flag moved from one list to another writes two).
  await tx.insert(activity).values(
    inputs.map((i) => ({
      actorId: i.actorId,
      entityType: i.entityType,
      entityId: i.entityId,
      action: i.action,
      summary: i.summary ?? null,
      changes: i.changes ?? null,
      listRevision: i.listRevision ?? null,
      createdAt: now,
    })),
  );
}

/** Before/after pairs for the fields that differ. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    const a = before[key];
    const b = after[key];
    const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
    if (JSON.stringify(norm(a)) !== JSON.stringify(norm(b))) changes[key] = { before: norm(a), after: norm(b) };
  }
  return changes;
}
