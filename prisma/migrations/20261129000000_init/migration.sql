-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('waiting', 'active', 'finished', 'aborted');

-- CreateTable
CREATE TABLE "players" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "is_bot" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "players_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "games" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "engine_version" INTEGER NOT NULL,
    "options" JSONB NOT NULL,
    "seat_count" INTEGER NOT NULL,
    "status" "GameStatus" NOT NULL DEFAULT 'waiting',
    "version" INTEGER NOT NULL DEFAULT 0,
    "seed" TEXT NOT NULL,
    "seed_commitment" TEXT NOT NULL,
    "created_by" UUID NOT NULL,
    "to_move" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "turn_started_at" TIMESTAMPTZ(3),
    "outcome" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "games_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seats" (
    "game_id" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "player_id" UUID,
    "bot_level" TEXT,
    "resigned" BOOLEAN NOT NULL DEFAULT false,
    "joined_at" TIMESTAMPTZ(3),

    CONSTRAINT "seats_pkey" PRIMARY KEY ("game_id","index")
);

-- CreateTable
CREATE TABLE "moves" (
    "game_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'move',
    "payload" JSONB NOT NULL,
    "log" JSONB NOT NULL,
    "player_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "moves_pkey" PRIMARY KEY ("game_id","seq")
);

-- CreateTable
CREATE TABLE "snapshots" (
    "game_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "state" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "snapshots_pkey" PRIMARY KEY ("game_id","seq")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "player_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "response" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("player_id","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "players_token_hash_key" ON "players"("token_hash");

-- CreateIndex
CREATE INDEX "games_type_status_created_at_idx" ON "games"("type", "status", "created_at");

-- CreateIndex
CREATE INDEX "seats_player_id_idx" ON "seats"("player_id");

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "players"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "moves" ADD CONSTRAINT "moves_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
