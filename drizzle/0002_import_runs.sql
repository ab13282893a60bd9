CREATE TABLE "import_file" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_run" ADD COLUMN "batch_size" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_run" ADD COLUMN "context" jsonb;--> statement-breakpoint
ALTER TABLE "import_file" ADD CONSTRAINT "import_file_run_id_import_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_row_status_idx" ON "import_row" USING btree ("run_id","final_status","row_number");