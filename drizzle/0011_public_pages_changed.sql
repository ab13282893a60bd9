-- Whatever changes a product, a price list or a price tells every server process, once per
-- statement and once per transaction for the same payload, so their cached public pages are
-- dropped (docs/decisions/033-public-page-cache.md). Every way of writing (the screens, imports,
-- the seed, a person with psql) is covered.
CREATE FUNCTION "notify_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('price_list_changed', 'catalog');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "price_list_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_list"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "price_list_item_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_list_item"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
