-- The delivery worker looks up a stream's oldest pending delivery on every attempt: with the status in
-- the key, that is one index probe however many deliveries the stream already delivered.

-- CreateIndex
CREATE INDEX "webhook_deliveries_stream_status_idx" ON "webhook_deliveries"("endpoint_id", "game_id", "status", "seq", "ordinal", "seat");
