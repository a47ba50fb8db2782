-- Since your last visit (docs/table.md): the latest version of a game each seated player has read.
CREATE TABLE "game_visits" (
    "player_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "seen_version" INTEGER NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "game_visits_pkey" PRIMARY KEY ("player_id", "game_id")
);
ALTER TABLE "game_visits" ADD CONSTRAINT "game_visits_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "game_visits" ADD CONSTRAINT "game_visits_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
