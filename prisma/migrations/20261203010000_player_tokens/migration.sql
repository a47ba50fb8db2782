-- Several tokens per player, each with a label, scopes and an optional expiry (only hashes are stored).
CREATE TABLE "player_tokens" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "scopes" TEXT[] NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "player_tokens_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "player_tokens_token_hash_key" ON "player_tokens"("token_hash");

CREATE INDEX "player_tokens_player_id_idx" ON "player_tokens"("player_id");

ALTER TABLE "player_tokens" ADD CONSTRAINT "player_tokens_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing token keeps working: it becomes a token with every scope and no expiry.
INSERT INTO "player_tokens" ("id", "player_id", "label", "scopes", "token_hash", "created_at")
SELECT gen_random_uuid(), "id", 'registration', ARRAY['play', 'read', 'webhooks', 'tokens'], "token_hash", "created_at"
FROM "players";

ALTER TABLE "players" DROP COLUMN "token_hash";
