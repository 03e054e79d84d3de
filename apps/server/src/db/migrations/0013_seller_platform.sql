CREATE TABLE "merchant_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"shop_name" text NOT NULL,
	"logo" text NOT NULL,
	"contact_name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"category_id" integer NOT NULL,
	"description" text NOT NULL,
	"document" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"shop_id" integer,
	"audited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone,
	CONSTRAINT "merchant_applications_status_check" CHECK ("merchant_applications"."status" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_value_check";--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "total_limit" integer;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD CONSTRAINT "merchant_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_applications_one_pending" ON "merchant_applications" USING btree ("user_id") WHERE "merchant_applications"."status" = 0;--> statement-breakpoint
CREATE INDEX "merchant_applications_user_idx" ON "merchant_applications" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "merchant_applications_status_idx" ON "merchant_applications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_name_unique" ON "shops" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" > 0 and ("promo_codes"."type" = 'fixed' or "promo_codes"."value" <= 100) and "promo_codes"."min_spend" >= 0 and "promo_codes"."per_user_limit" >= 1 and ("promo_codes"."total_limit" is null or "promo_codes"."total_limit" >= 1) and "promo_codes"."ends_at" > "promo_codes"."starts_at");