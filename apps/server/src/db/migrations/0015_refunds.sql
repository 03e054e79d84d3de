CREATE TABLE "order_refund_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"step" text NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"amount" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"product_status" text NOT NULL,
	"reason" text NOT NULL,
	"explanation" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"prior_status" smallint NOT NULL,
	"refuse_reason" text DEFAULT '' NOT NULL,
	"escalate_reason" text DEFAULT '' NOT NULL,
	"admin_note" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"return_carrier" text,
	"return_tracking_no" text,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount" > 0),
	CONSTRAINT "order_refunds_type_check" CHECK ("order_refunds"."type" in ('refund_only', 'return_and_refund')),
	CONSTRAINT "order_refunds_product_status_check" CHECK ("order_refunds"."product_status" in ('received', 'not_received')),
	CONSTRAINT "order_refunds_status_check" CHECK ("order_refunds"."status" in ('pending', 'refused', 'escalated', 'awaiting_return', 'returning', 'refunded', 'closed')),
	CONSTRAINT "order_refunds_prior_status_check" CHECK ("order_refunds"."prior_status" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refund_steps" ADD CONSTRAINT "order_refund_steps_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_steps_refund_idx" ON "order_refund_steps" USING btree ("refund_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_one_open" ON "order_refunds" USING btree ("order_id") WHERE "order_refunds"."status" in ('pending', 'refused', 'escalated', 'awaiting_return', 'returning');--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_refunds_shop_idx" ON "order_refunds" USING btree ("shop_id","id");--> statement-breakpoint
CREATE INDEX "order_refunds_user_idx" ON "order_refunds" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "order_refunds_due_idx" ON "order_refunds" USING btree ("status","due_at") WHERE "order_refunds"."status" in ('pending', 'refused', 'awaiting_return', 'returning');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_amount" between 0 and "orders"."total");