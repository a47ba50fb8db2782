/**
 * Outbox rows of the table's events (docs/table.md), written in the same statement as what causes them, as
 * the move's are: `challenge.received` to each invited player's endpoints (their own and their app's).
 * Ordinals continue the game events' (src/store/outbox.ts) so a game's stream stays ordered.
 */
export const TABLE_EVENT_ORDINAL = { 'challenge.received': 5, 'chat.message': 6 } as const;

/** A chat message's ordinal: after the game events of the same version, messages in the order posted. */
const CHAT_ORDINAL = `1000 + ($3::bigint % 1000000000)::int`;

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

/**
 * $1: the game, $2: now, $3: the message id, $4: its author, $5: the body's `data` (JSON). `chat.message` to
 * the endpoints of every seated player but the author and those who muted them, rendered now: the body is
 * the message, the same for every reader (an app's endpoint gets `data.recipient` too).
 */
export const chatWebhookSql = `
  INSERT INTO webhook_deliveries (id, endpoint_id, event_type, game_id, seq, ordinal, seat, player_id, payload, next_attempt_at, created_at)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, 'chat.message', g.id, g.version, ${CHAT_ORDINAL}, s.index,
         CASE WHEN e.app_id IS NULL THEN NULL ELSE s.player_id END,
         json_build_object('type', 'chat.message', 'timestamp', to_char($2::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'data', CASE WHEN e.app_id IS NULL THEN $5::jsonb
                        ELSE jsonb_build_object('recipient', jsonb_build_object('playerId', s.player_id, 'externalId', pl.external_id)) || $5::jsonb END)::text,
         $2, $2
    FROM games g JOIN seats s ON s.game_id = g.id AND s.player_id IS NOT NULL AND s.player_id <> $4::uuid
    JOIN players pl ON pl.id = s.player_id
    JOIN webhook_endpoints e ON e.enabled AND 'chat.message' = ANY(e.event_types)
     AND (e.owner_id = s.player_id OR e.app_id = pl.app_id) AND (e.game_id IS NULL OR e.game_id = g.id)
   WHERE g.id = $1::uuid AND NOT EXISTS (SELECT 1 FROM chat_mutes x WHERE x.player_id = s.player_id AND x.muted_id = $4::uuid)
  ON CONFLICT DO NOTHING`;
