CREATE TABLE "print_preference" (
	"user_id" text PRIMARY KEY NOT NULL,
	"price_list_id" uuid,
	"paper" text DEFAULT 'letter' NOT NULL,
	"images" boolean DEFAULT false NOT NULL,
	"lang" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_selection" (
	"user_id" text NOT NULL,
	"price_list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_selection_user_id_price_list_id_product_id_pk" PRIMARY KEY("user_id","price_list_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "print_preference" ADD CONSTRAINT "print_preference_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_preference" ADD CONSTRAINT "print_preference_price_list_id_price_list_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_list"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_selection" ADD CONSTRAINT "print_selection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_selection" ADD CONSTRAINT "print_selection_price_list_id_price_list_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_selection" ADD CONSTRAINT "print_selection_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;