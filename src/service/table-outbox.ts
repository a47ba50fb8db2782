/**
 * Outbox rows of the table's events (docs/table.md), written in the same statement as what causes them, as
 * the move's are: `challenge.received` to each invited player's endpoints (their own and their app's).
 * Ordinals continue the game events' (src/webhooks/outbox.ts) so a game's stream stays ordered.
 */
export const TABLE_EVENT_ORDINAL = { 'challenge.received': 5 } as const;

/** $1: the challenge (game) id, $2: now. One row per (invited seat, endpoint that wants the event). */
export const challengeWebhookSql = `
  INSERT INTO webhook_deliveries (id, endpoint_id, event_type, game_id, seq, ordinal, seat, player_id, next_attempt_at, created_at)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, 'challenge.received', s.challenge_id, 0, ${TABLE_EVENT_ORDINAL['challenge.received']}, s.seat,
         CASE WHEN e.app_id IS NULL THEN NULL ELSE s.player_id END, $2, $2
    FROM challenge_seats s JOIN players pl ON pl.id = s.player_id
    JOIN webhook_endpoints e ON e.enabled AND 'challenge.received' = ANY(e.event_types)
     AND (e.owner_id = s.player_id OR e.app_id = pl.app_id) AND (e.game_id IS NULL OR e.game_id = s.challenge_id)
   WHERE s.challenge_id = $1::uuid AND s.status = 'invited'
  ON CONFLICT DO NOTHING`;
