ALTER TABLE "product" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "import_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "import_run_id" uuid;--> statement-breakpoint
CREATE INDEX "product_import_review_idx" ON "product" USING btree ("import_review") WHERE "product"."import_review";