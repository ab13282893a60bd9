CREATE TABLE "whatsapp_export" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_list_id" uuid NOT NULL,
	"user_id" text,
	"lang" text NOT NULL,
	"options" jsonb NOT NULL,
	"parts" jsonb NOT NULL,
	"prices" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_export_preference" (
	"user_id" text NOT NULL,
	"price_list_id" uuid NOT NULL,
	"options" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_export_preference_user_id_price_list_id_pk" PRIMARY KEY("user_id","price_list_id")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_export" ADD CONSTRAINT "whatsapp_export_price_list_id_price_list_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_export" ADD CONSTRAINT "whatsapp_export_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_export_preference" ADD CONSTRAINT "whatsapp_export_preference_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_export_preference" ADD CONSTRAINT "whatsapp_export_preference_price_list_id_price_list_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_export_list_idx" ON "whatsapp_export" USING btree ("price_list_id","created_at");