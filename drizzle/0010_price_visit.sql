CREATE TABLE "price_visit" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"changes_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "price_visit" ADD CONSTRAINT "price_visit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;