ALTER TABLE "activity" ADD COLUMN "list_revision" integer;--> statement-breakpoint
CREATE INDEX "price_history_revision_idx" ON "price_history" USING btree ("price_list_id","list_revision","id");