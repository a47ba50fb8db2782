-- Apps (issue 24): a site that hosts its community on Portolan. The operator creates an app and hands
-- its key to the site's server once; only the key's SHA-256 is kept (and, for a while after a rotation,
-- the previous key's). The app finds or creates players by its own user ids (external_id, unique per
-- app), and registers webhook endpoints that receive the events of all its players.

CREATE TABLE "apps" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "previous_key_hash" TEXT,
    "previous_key_until" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),
    "requests_per_minute" INTEGER,
    "players_per_hour" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "apps_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "apps_key_hash_key" ON "apps"("key_hash");
CREATE UNIQUE INDEX "apps_previous_key_hash_key" ON "apps"("previous_key_hash");

-- A player an app created: its app and the app's own id for it (both or neither).
ALTER TABLE "players" ADD COLUMN "app_id" UUID, ADD COLUMN "external_id" TEXT;
ALTER TABLE "players" ADD CONSTRAINT "players_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "players" ADD CONSTRAINT "players_app_external_check" CHECK (("app_id" IS NULL) = ("external_id" IS NULL));
CREATE UNIQUE INDEX "players_app_id_external_id_key" ON "players"("app_id", "external_id");
CREATE INDEX "players_app_id_created_at_id_idx" ON "players"("app_id", "created_at", "id");

-- An endpoint belongs to a player or to an app (one of the two).
ALTER TABLE "webhook_endpoints" ALTER COLUMN "owner_id" DROP NOT NULL, ADD COLUMN "app_id" UUID;
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_one_owner_check" CHECK (("owner_id" IS NULL) <> ("app_id" IS NULL));
CREATE INDEX "webhook_endpoints_app_id_idx" ON "webhook_endpoints"("app_id");

-- The player a delivery is for: null for a player's own endpoint (its owner), the app's player for an
-- app's endpoint, which gets one delivery per player of the app in the game. Two partial unique indexes
-- replace the old one, so that existing rows and writers keep their meaning.
ALTER TABLE "webhook_deliveries" ADD COLUMN "player_id" UUID;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
DROP INDEX "webhook_deliveries_endpoint_id_game_id_seq_ordinal_seat_key";
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_game_id_seq_ordinal_seat_key" ON "webhook_deliveries"("endpoint_id", "game_id", "seq", "ordinal", "seat") WHERE "player_id" IS NULL;
CREATE UNIQUE INDEX "webhook_deliveries_recipient_key" ON "webhook_deliveries"("endpoint_id", "game_id", "seq", "ordinal", "seat", "player_id") WHERE "player_id" IS NOT NULL;

-- The outbox rows of one game version, now for app endpoints too (see src/webhooks/outbox.ts): a
-- player's own endpoints as before (player_id null); and for each player of the game that an app
-- created, that app's endpoints, one row per (endpoint, event, player): game-wide events to every such
-- player, `turn.started` to the player of that seat. The cap p_max_endpoints applies per player (own
-- endpoints) and per (app, player).
CREATE OR REPLACE FUNCTION portolan_outbox(
  p_game uuid, p_version int, p_at timestamptz,
  p_events text[], p_ordinals int[], p_turn_seats int[], p_turn_ordinal int, p_max_endpoints int
) RETURNS int
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  written int;
BEGIN
  INSERT INTO webhook_deliveries (id, endpoint_id, event_type, game_id, seq, ordinal, seat, player_id, next_attempt_at, created_at)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w.endpoint_id, w.type, p_game, p_version, w.ordinal, w.seat, w.recipient, p_at, p_at
    FROM (
      SELECT e.id AS endpoint_id, ev.type, ev.ordinal, ev.seat,
             CASE WHEN e.app_id IS NULL THEN NULL ELSE p.player_id END AS recipient,
             row_number() OVER (PARTITION BY COALESCE(e.owner_id, e.app_id), p.player_id, ev.type, ev.seat ORDER BY e.game_id IS NULL, e.created_at, e.id) AS rank
        FROM (
          SELECT t.type, t.ordinal, -1 AS seat FROM unnest(p_events, p_ordinals) AS t(type, ordinal)
          UNION ALL
          SELECT 'turn.started', p_turn_ordinal, ts.seat FROM unnest(p_turn_seats) AS ts(seat)
        ) ev
        -- From the game's players to their endpoints and their apps' endpoints: nobody else's may watch it.
        CROSS JOIN (SELECT DISTINCT s.player_id, pl.app_id FROM seats s JOIN players pl ON pl.id = s.player_id WHERE s.game_id = p_game) p
        -- (two index lookups, not one join on an OR, which could use neither index)
        JOIN LATERAL (
          SELECT o.id, o.owner_id, o.app_id, o.event_types, o.game_id, o.enabled, o.created_at FROM webhook_endpoints o WHERE o.owner_id = p.player_id
          UNION ALL
          SELECT a.id, a.owner_id, a.app_id, a.event_types, a.game_id, a.enabled, a.created_at FROM webhook_endpoints a WHERE a.app_id = p.app_id
        ) e ON e.enabled AND ev.type = ANY(e.event_types) AND (e.game_id IS NULL OR e.game_id = p_game)
       WHERE ev.seat = -1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = p_game AND s.index = ev.seat AND s.player_id = p.player_id)
    ) w
   WHERE w.rank <= p_max_endpoints
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END
$$;

-- portolan_append as before, its outbox guard seeing app endpoints too.
CREATE OR REPLACE FUNCTION portolan_append(
  p_game uuid, p_expected int, p_seat int, p_kind text, p_payload jsonb, p_log jsonb, p_player uuid,
  p_to_move int[], p_finished boolean, p_outcome jsonb, p_at timestamptz,
  p_events text[], p_ordinals int[], p_turn_seats int[], p_turn_ordinal int, p_max_endpoints int,
  p_clocks jsonb, p_snapshot jsonb,
  p_idem_player uuid, p_idem_key text, p_idem_hash text, p_idem_status int, p_idem_response jsonb
) RETURNS TABLE (seq int, created_at timestamptz, deliveries int)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  v_version int;
  v_created timestamptz;
  v_deliveries int := 0;
BEGIN
  UPDATE games
     SET version = version + 1, to_move = p_to_move, turn_started_at = now(),
         status = (CASE WHEN p_finished THEN 'finished' ELSE 'active' END)::"GameStatus",
         outcome = p_outcome, finished_at = CASE WHEN p_finished THEN now() END
   WHERE id = p_game AND version = p_expected AND status = 'active'
  RETURNING version INTO v_version;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  INSERT INTO moves (game_id, seq, seat, kind, payload, log, player_id)
  VALUES (p_game, v_version, p_seat, p_kind, p_payload, p_log, p_player)
  RETURNING created_at INTO v_created;

  IF jsonb_array_length(p_clocks) > 0 THEN
    UPDATE seats
       SET turn_version = c.turn_version, turn_started_at = c.turn_started_at, deadline_at = c.deadline_at,
           reminder_at = c.reminder_at, reminded = false, reserve_seconds = c.reserve_seconds
      FROM jsonb_to_recordset(p_clocks) AS c(seat int, turn_version int, turn_started_at timestamptz,
                                            deadline_at timestamptz, reminder_at timestamptz, reserve_seconds float8)
     WHERE seats.game_id = p_game AND seats.index = c.seat;
  END IF;

  IF p_kind = 'resign' THEN
    UPDATE seats SET resigned = true, turn_version = NULL, turn_started_at = NULL, deadline_at = NULL, reminder_at = NULL
     WHERE seats.game_id = p_game AND seats.index = p_seat;
  END IF;

  IF p_snapshot IS NOT NULL THEN
    INSERT INTO snapshots (game_id, seq, state) VALUES (p_game, v_version, p_snapshot);
  END IF;

  IF p_idem_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (player_id, key, request_hash, status, response)
    VALUES (p_idem_player, p_idem_key, p_idem_hash, p_idem_status, p_idem_response);
  END IF;

  -- The outbox statement runs only when one of the game's players, or the app of one, has an endpoint
  -- that may watch it.
  -- This check runs after the game's row lock is taken, so it sees every endpoint committed before.
  IF EXISTS (SELECT 1 FROM seats s JOIN webhook_endpoints e ON e.owner_id = s.player_id
              WHERE s.game_id = p_game AND e.enabled AND (e.game_id IS NULL OR e.game_id = p_game))
     OR EXISTS (SELECT 1 FROM seats s JOIN players pl ON pl.id = s.player_id JOIN webhook_endpoints e ON e.app_id = pl.app_id
              WHERE s.game_id = p_game AND e.enabled AND (e.game_id IS NULL OR e.game_id = p_game)) THEN
    v_deliveries := portolan_outbox(p_game, v_version, p_at, p_events, p_ordinals, p_turn_seats, p_turn_ordinal, p_max_endpoints);
  END IF;

  seq := v_version;
  created_at := v_created;
  deliveries := v_deliveries;
  RETURN NEXT;
END
$$;
