-- Rate-limit counters shared by every instance of the service: one row per (bucket, caller) holding
-- the hits of the current fixed window. UNLOGGED: no WAL for a counter touched on every request;
-- after a crash the table is emptied, which only forgives the current window.

-- CreateTable
CREATE UNLOGGED TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "window_ends_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "rate_limits_window_ends_at_idx" ON "rate_limits"("window_ends_at");
