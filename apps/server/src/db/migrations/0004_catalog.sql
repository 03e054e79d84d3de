CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"title_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_i18n" jsonb NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_product_count_check" CHECK ("categories"."product_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_favourites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"sku_id" integer,
	"order_id" integer,
	"order_item_id" integer,
	"user_id" integer,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"spec_text" text DEFAULT '' NOT NULL,
	"product_score" smallint NOT NULL,
	"service_score" smallint NOT NULL,
	"postage_score" smallint NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_scores_check" CHECK ("product_reviews"."product_score" between 1 and 5 and "product_reviews"."service_score" between 1 and 5 and "product_reviews"."postage_score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "product_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_skus_price_check" CHECK ("product_skus"."price" >= 0),
	CONSTRAINT "product_skus_stock_check" CHECK ("product_skus"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"freight" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"favourite_count" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"good_review_count" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_listed" boolean DEFAULT true NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_status_check" CHECK ("products"."status" in (-1, 0, 1)),
	CONSTRAINT "products_amounts_check" CHECK ("products"."price" >= 0 and "products"."freight" >= 0 and "products"."stock" >= 0 and "products"."sold_count" >= 0 and "products"."favourite_count" >= 0 and "products"."review_count" >= 0 and "products"."good_review_count" between 0 and "products"."review_count")
);
--> statement-breakpoint
CREATE TABLE "shop_daily_stats" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"supported" boolean DEFAULT false NOT NULL,
	CONSTRAINT "shop_daily_stats_units_check" CHECK ("shop_daily_stats"."units_sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"name" text NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"sales_amount" bigint DEFAULT 0 NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	"product_count" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"good_review_count" integer DEFAULT 0 NOT NULL,
	"sales_30d" integer DEFAULT 0 NOT NULL,
	"support_days_30d" integer DEFAULT 0 NOT NULL,
	"visibility_score" double precision GENERATED ALWAYS AS (log((1 + sales_30d)::double precision) + 2 * (case when review_count > 0 then good_review_count::double precision / review_count else 0 end) + 0.5 * ln((1 + support_days_30d)::double precision) / ln(2::double precision)) STORED NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_status_check" CHECK ("shops"."status" in (-1, 0, 1)),
	CONSTRAINT "shops_counters_check" CHECK ("shops"."sales" >= 0 and "shops"."sales_amount" >= 0 and "shops"."fans" >= 0 and "shops"."product_count" >= 0 and "shops"."review_count" >= 0 and "shops"."good_review_count" between 0 and "shops"."review_count" and "shops"."sales_30d" >= 0 and "shops"."support_days_30d" between 0 and 30)
);
--> statement-breakpoint
ALTER TABLE "product_favourites" ADD CONSTRAINT "product_favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_skus" ADD CONSTRAINT "product_skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_daily_stats" ADD CONSTRAINT "shop_daily_stats_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_follows" ADD CONSTRAINT "shop_follows_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_active_idx" ON "banners" USING btree ("sort_order") WHERE "banners"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_unique" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "product_favourites_user_product_unique" ON "product_favourites" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "product_favourites_user_idx" ON "product_favourites" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_favourites_product_idx" ON "product_favourites" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_order_item_unique" ON "product_reviews" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_reviews_shop_idx" ON "product_reviews" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "product_skus_product_idx" ON "product_skus" USING btree ("product_id","sort_order");--> statement-breakpoint
CREATE INDEX "products_sales_idx" ON "products" USING btree ("sold_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_new_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("favourite_count" DESC NULLS FIRST,"sold_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_category_sales_idx" ON "products" USING btree ("category_id","sold_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_category_new_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","price","id") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_shop_sales_idx" ON "products" USING btree ("shop_id","sold_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_shop_new_idx" ON "products" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_shop_price_idx" ON "products" USING btree ("shop_id","price","id") WHERE "products"."is_listed";--> statement-breakpoint
CREATE INDEX "products_shop_idx" ON "products" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_daily_stats_shop_day_unique" ON "shop_daily_stats" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "shop_daily_stats_day_idx" ON "shop_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_follows_user_shop_unique" ON "shop_follows" USING btree ("user_id","shop_id");--> statement-breakpoint
CREATE INDEX "shop_follows_user_idx" ON "shop_follows" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shop_follows_shop_idx" ON "shop_follows" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "shops_owner_idx" ON "shops" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "shops_hot_idx" ON "shops" USING btree ("visibility_score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "shops"."status" = 1;--> statement-breakpoint
CREATE INDEX "shops_search_idx" ON "shops" USING gin ("search_vector");