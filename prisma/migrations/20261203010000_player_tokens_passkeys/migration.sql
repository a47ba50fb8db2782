-- Accounts a person keeps: passkeys (WebAuthn credentials) to sign in again, the challenges of WebAuthn
-- ceremonies under way (in the database, so any instance can finish one), and one-time codes that add a device.
CREATE TABLE "passkeys" (
    "id" TEXT NOT NULL,
    "player_id" UUID NOT NULL,
    "public_key" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "label" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "passkeys_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "passkeys_player_id_idx" ON "passkeys"("player_id");

ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webauthn_challenges" (
    "id" UUID NOT NULL,
    "challenge" TEXT NOT NULL,
    "player_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webauthn_challenges_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "webauthn_challenges_expires_at_idx" ON "webauthn_challenges"("expires_at");

CREATE TABLE "device_codes" (
    "code_hash" TEXT NOT NULL,
    "player_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_codes_pkey" PRIMARY KEY ("code_hash")
);

CREATE INDEX "device_codes_expires_at_idx" ON "device_codes"("expires_at");

ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
