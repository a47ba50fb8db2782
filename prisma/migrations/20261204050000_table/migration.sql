-- At the table (docs/table.md): challenges, matchmaking seeks, table chat. Nothing here is part of a
-- game's log: a game's record and its verification never read these tables.

-- A challenge is a waiting game (same id) whose seats are reserved: named players accept or decline,
-- open seats are taken with the link code.
CREATE TABLE "challenges" (
    "id" UUID NOT NULL,
    "created_by" UUID NOT NULL,
    "code" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),
    CONSTRAINT "challenges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "challenges_status_check" CHECK ("status" IN ('pending', 'accepted', 'declined', 'cancelled', 'expired'))
);
CREATE UNIQUE INDEX "challenges_code_key" ON "challenges"("code");
CREATE INDEX "challenges_created_by_idx" ON "challenges"("created_by");
CREATE INDEX "challenges_pending_expiry_idx" ON "challenges"("expires_at") WHERE "status" = 'pending';
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_id_fkey" FOREIGN KEY ("id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "challenge_seats" (
    "challenge_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "player_id" UUID,
    "open" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "answered_at" TIMESTAMPTZ(3),
    CONSTRAINT "challenge_seats_pkey" PRIMARY KEY ("challenge_id", "seat"),
    CONSTRAINT "challenge_seats_status_check" CHECK ("status" IN ('open', 'invited', 'accepted', 'declined'))
);
CREATE INDEX "challenge_seats_player_idx" ON "challenge_seats"("player_id");
ALTER TABLE "challenge_seats" ADD CONSTRAINT "challenge_seats_challenge_id_fkey" FOREIGN KEY ("challenge_id") REFERENCES "challenges"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "challenge_seats" ADD CONSTRAINT "challenge_seats_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A matchmaking seek: waiting until grouped into a game (matched), cancelled or expired.
CREATE TABLE "seeks" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "game_type" TEXT NOT NULL,
    "min_seats" INTEGER NOT NULL,
    "max_seats" INTEGER NOT NULL,
    "options" JSONB NOT NULL DEFAULT '{}',
    "clock" JSONB,
    "rating" DOUBLE PRECISION NOT NULL,
    "min_rating" DOUBLE PRECISION,
    "max_rating" DOUBLE PRECISION,
    "bots_after_seconds" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "game_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "matched_at" TIMESTAMPTZ(3),
    CONSTRAINT "seeks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "seeks_status_check" CHECK ("status" IN ('waiting', 'matched', 'cancelled', 'expired'))
);
-- One waiting seek per player: a player can never be paired into two games at once.
CREATE UNIQUE INDEX "seeks_one_waiting_per_player" ON "seeks"("player_id") WHERE "status" = 'waiting';
CREATE INDEX "seeks_waiting_idx" ON "seeks"("game_type", "created_at") WHERE "status" = 'waiting';
CREATE INDEX "seeks_player_idx" ON "seeks"("player_id", "created_at");
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
