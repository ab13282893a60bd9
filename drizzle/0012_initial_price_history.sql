-- Every price a list holds has its history (docs/decisions/032-data-check.md). The demo seed wrote
-- its prices without it before, so an item no history row speaks of gets its "initial" row: the
-- price it still has, dated when it was made, in the list's first revision (a seeded list's).
INSERT INTO "price_history" ("product_id", "price_list_id", "old_price_cents", "new_price_cents", "source", "list_revision", "created_at")
SELECT i."product_id", i."price_list_id", NULL, i."price_cents", 'initial', 1, i."created_at"
FROM "price_list_item" i
WHERE NOT EXISTS (
  SELECT 1 FROM "price_history" h WHERE h."price_list_id" = i."price_list_id" AND h."product_id" = i."product_id"
)
ORDER BY i."price_list_id", i."product_id";
