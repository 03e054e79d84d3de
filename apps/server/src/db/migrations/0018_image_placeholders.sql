ALTER TABLE "banners" ADD COLUMN "placeholder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_placeholders" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "logo_placeholder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "banner_placeholder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "placeholder" text;