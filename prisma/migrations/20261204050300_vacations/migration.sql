-- Time away (docs/table.md): each player's vacation allowance and current vacation.
CREATE TABLE "vacations" (
    "player_id" UUID NOT NULL,
    "balance_days" DOUBLE PRECISION NOT NULL,
    "balance_at" TIMESTAMPTZ(3) NOT NULL,
    "starts_at" TIMESTAMPTZ(3),
    "ends_at" TIMESTAMPTZ(3),
    CONSTRAINT "vacations_pkey" PRIMARY KEY ("player_id")
);
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
