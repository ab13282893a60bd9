ALTER TABLE "product" ADD COLUMN "search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_row" ADD COLUMN "search_key" text;