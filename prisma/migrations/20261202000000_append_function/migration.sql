-- A move's whole write as two PL/pgSQL functions (issue 16). One call is one round trip and one
-- transaction, as before, but each part runs only when the move needs it: Postgres plans and locks just
-- the statements that execute (a statement's plan takes a lock on every table and index it names, and a
-- single statement with every optional part named more than 16 of them, past the cheap lock slots),
-- and PL/pgSQL keeps each statement's plan for the session. src/store/event-store.ts calls them.

-- The webhook outbox rows of one game version (see src/webhooks/outbox.ts for the rules): one row per
-- (enabled endpoint, event) for endpoints that want the event type and watch the game, owned by a player
-- who holds (or held) a seat in it; `turn.started` only to the endpoints of that seat's player; at most
-- p_max_endpoints of one player's endpoints per event, those bound to the game first, then the oldest.
-- Returns the number of rows written. Generic plans: a custom plan would see the arrays' lengths and be
-- made afresh on every call.
CREATE FUNCTION portolan_outbox(
  p_game uuid, p_version int, p_at timestamptz,
  p_events text[], p_ordinals int[], p_turn_seats int[], p_turn_ordinal int, p_max_endpoints int
) RETURNS int
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  written int;
BEGIN
  INSERT INTO webhook_deliveries (id, endpoint_id, event_type, game_id, seq, ordinal, seat, next_attempt_at, created_at)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w.endpoint_id, w.type, p_game, p_version, w.ordinal, w.seat, p_at, p_at
    FROM (
      SELECT e.id AS endpoint_id, ev.type, ev.ordinal, ev.seat,
             row_number() OVER (PARTITION BY e.owner_id, ev.type, ev.seat ORDER BY e.game_id IS NULL, e.created_at, e.id) AS rank
        FROM (
          SELECT t.type, t.ordinal, -1 AS seat FROM unnest(p_events, p_ordinals) AS t(type, ordinal)
          UNION ALL
          SELECT 'turn.started', p_turn_ordinal, ts.seat FROM unnest(p_turn_seats) AS ts(seat)
        ) ev
        -- From the game's players to their endpoints (owner index): nobody else's endpoint may watch it.
        CROSS JOIN (SELECT DISTINCT s.player_id FROM seats s WHERE s.game_id = p_game AND s.player_id IS NOT NULL) p
        JOIN webhook_endpoints e ON e.owner_id = p.player_id AND e.enabled AND ev.type = ANY(e.event_types)
         AND (e.game_id IS NULL OR e.game_id = p_game)
       WHERE ev.seat = -1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = p_game AND s.index = ev.seat AND s.player_id = e.owner_id)
    ) w
   WHERE w.rank <= p_max_endpoints
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END
$$;

-- Appends one move (or resignation) if the game is still active at p_expected: bumps the version,
-- inserts the move at that seq, and writes what comes with it: turn clocks (p_clocks, a jsonb array of
-- seat clocks), the resigned seat, a snapshot, the idempotency record, the webhook outbox rows. Returns
-- one row (seq, created_at, deliveries), or none when the version moved on (a stale move). A unique
-- violation (a duplicate seq or idempotency key) aborts the whole call: nothing is written.
CREATE FUNCTION portolan_append(
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

  -- The outbox statement runs only when one of the game's players has an endpoint that may watch it.
  -- This check runs after the game's row lock is taken, so it sees every endpoint committed before.
  IF EXISTS (SELECT 1 FROM seats s JOIN webhook_endpoints e ON e.owner_id = s.player_id
              WHERE s.game_id = p_game AND e.enabled AND (e.game_id IS NULL OR e.game_id = p_game)) THEN
    v_deliveries := portolan_outbox(p_game, v_version, p_at, p_events, p_ordinals, p_turn_seats, p_turn_ordinal, p_max_endpoints);
  END IF;

  seq := v_version;
  created_at := v_created;
  deliveries := v_deliveries;
  RETURN NEXT;
END
$$;
