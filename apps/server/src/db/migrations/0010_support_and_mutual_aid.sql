CREATE TABLE "shop_supports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" text NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"key" text NOT NULL,
	"lang" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_key_lang_pk" PRIMARY KEY("key","lang")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shop_supports_user_day_unique" ON "shop_supports" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "shop_supports_user_idx" ON "shop_supports" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shop_supports_shop_day_idx" ON "shop_supports" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "complaints_user_idx" ON "complaints" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "complaints_shop_idx" ON "complaints" USING btree ("shop_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "complaints_status_idx" ON "complaints" USING btree ("status","id" DESC NULLS FIRST);