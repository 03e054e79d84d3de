DROP INDEX "uploads_user_id_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
-- Files uploaded before references were recorded count as referenced: never purge what may be in use.
UPDATE "uploads" SET "attached_at" = "created_at";--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "image_sha256" text;--> statement-breakpoint
CREATE INDEX "uploads_user_id_created_at_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_orphan_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_network_tx_hash_key" ON "recharges" USING btree ("network",lower("tx_hash")) WHERE "recharges"."tx_hash" is not null;--> statement-breakpoint
CREATE INDEX "recharges_image_sha256_idx" ON "recharges" USING btree ("image_sha256") WHERE "recharges"."image_sha256" is not null;