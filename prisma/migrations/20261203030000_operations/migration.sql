-- Operating Portolan: banned players, and the operator's audit log (append-only).

-- A banned player's tokens are refused everywhere (src/service/players.ts); null: not banned.
ALTER TABLE "players" ADD COLUMN "banned_at" TIMESTAMPTZ(3);
ALTER TABLE "players" ADD COLUMN "banned_reason" TEXT;

-- Every action of the operator API: who, what, when, why. Rows are only ever inserted.
CREATE TABLE "admin_audit_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "request_id" TEXT,
    "client_ip" TEXT,

    CONSTRAINT "admin_audit_log_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log"("target_type", "target_id", "id" DESC);

-- Nothing changes or deletes an audit entry, whatever the client: UPDATE, DELETE and TRUNCATE are refused.
CREATE FUNCTION portolan_audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "admin_audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION portolan_audit_log_is_append_only();
CREATE TRIGGER "admin_audit_log_no_truncate" BEFORE TRUNCATE ON "admin_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION portolan_audit_log_is_append_only();
