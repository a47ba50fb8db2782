-- Retention purge (src/jobs/retention.ts): find expired rows by age without scanning whole tables.

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");

-- CreateIndex
CREATE INDEX "webhook_attempts_at_idx" ON "webhook_attempts"("at");
