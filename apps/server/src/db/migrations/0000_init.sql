CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"file_name" text PRIMARY KEY NOT NULL,
	"language_name" text NOT NULL,
	"chinese_name" text NOT NULL,
	"tag" text NOT NULL,
	"dir" text NOT NULL,
	"sort_order" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "languages_dir_check" CHECK ("languages"."dir" in ('ltr', 'rtl'))
);
