ALTER TABLE "users" ADD COLUMN "admin_role" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "suspend_reason" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "first_approved_by" integer;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recharges" ADD COLUMN "first_actual_amount" bigint;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_admin_idx" ON "audit_log" USING btree ("admin_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_role_check" CHECK ("users"."admin_role" is null or ("users"."role" = 'admin' and "users"."admin_role" in ('super', 'support')));--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_first_approval_check" CHECK (("recharges"."first_approved_by" is null) = ("recharges"."first_actual_amount" is null) and ("recharges"."first_actual_amount" is null or "recharges"."first_actual_amount" > 0));--> statement-breakpoint
-- Admins made before roles existed keep every right they had.
UPDATE "users" SET "admin_role" = 'super' WHERE "role" = 'admin' AND "admin_role" IS NULL;--> statement-breakpoint
-- The audit log is append-only like the ledger: rows are never changed or removed.
CREATE FUNCTION audit_log_forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit log rows are immutable (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_forbid_change();
