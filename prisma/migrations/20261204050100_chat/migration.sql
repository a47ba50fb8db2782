-- Table chat (docs/table.md): per game a players' channel and a spectators' channel, kept apart from the
-- move log (a game's record and its verification never read it), and the mutes players set.
CREATE TABLE "chat_messages" (
    "id" BIGSERIAL NOT NULL,
    "game_id" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "author_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),
    "deleted_by" TEXT,
    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "chat_messages_channel_check" CHECK ("channel" IN ('players', 'spectators'))
);
CREATE INDEX "chat_messages_game_idx" ON "chat_messages"("game_id", "id");
CREATE INDEX "chat_messages_author_idx" ON "chat_messages"("author_id", "created_at");
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "chat_mutes" (
    "player_id" UUID NOT NULL,
    "muted_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "chat_mutes_pkey" PRIMARY KEY ("player_id", "muted_id")
);
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_muted_id_fkey" FOREIGN KEY ("muted_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
