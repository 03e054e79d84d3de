CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"is_private" boolean NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"network" text,
	"coin" text,
	"address" text,
	"bank_name" text,
	"account_name" text,
	"account_number" text,
	"branch" text,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_channels_kind_check" CHECK ("deposit_channels"."kind" in ('bank', 'chain')),
	CONSTRAINT "deposit_channels_fields_check" CHECK (("deposit_channels"."kind" = 'chain' and "deposit_channels"."network" is not null and "deposit_channels"."coin" is not null and "deposit_channels"."address" is not null)
        or ("deposit_channels"."kind" = 'bank' and "deposit_channels"."bank_name" is not null and "deposit_channels"."account_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"network" text,
	"coin" text,
	"address" text,
	"amount" bigint NOT NULL,
	"actual_amount" bigint,
	"image" text,
	"tx_hash" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharges_method_check" CHECK ("recharges"."method" in ('bank', 'manual', 'chain')),
	CONSTRAINT "recharges_status_check" CHECK ("recharges"."status" in (0, 1, 2)),
	CONSTRAINT "recharges_amount_check" CHECK ("recharges"."amount" > 0),
	CONSTRAINT "recharges_passed_check" CHECK (("recharges"."status" = 1) = ("recharges"."actual_amount" is not null and "recharges"."actual_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"actual_amount" bigint NOT NULL,
	"bank_card" text,
	"bank_name" text,
	"holder" text,
	"network" text,
	"address" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" text,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_type_check" CHECK ("withdrawals"."type" in ('bank', 'chain')),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in (0, 1, 2)),
	CONSTRAINT "withdrawals_amounts_check" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."actual_amount" > 0 and "withdrawals"."fee" + "withdrawals"."actual_amount" = "withdrawals"."amount")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_audited_by_users_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_audited_by_users_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_id_key_key" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_url_key" ON "uploads" USING btree ("url");--> statement-breakpoint
CREATE INDEX "uploads_user_id_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "recharges_user_id_id_idx" ON "recharges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "recharges_status_id_idx" ON "recharges" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_id_id_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_id_idx" ON "withdrawals" USING btree ("status","id");