/** The GraphQL schema (SDL). Resolvers are in ./resolvers.ts and call the same service as REST. */
export const schema = /* GraphQL */ `
  "Any JSON value: game options, moves and views follow the JSON Schemas of their game type."
  scalar JSON

  type Player {
    id: ID!
    name: String!
  }

  type Registration {
    player: Player!
    "Bearer token, shown once: send it as 'Authorization: Bearer <token>'."
    token: String!
  }

  type GameType {
    id: ID!
    title: String!
    minPlayers: Int!
    maxPlayers: Int!
    engineVersion: Int!
    botLevels: [String!]!
    optionsSchema: JSON!
    moveSchema: JSON!
    viewSchema: JSON!
  }

  enum GameStatus {
    waiting
    active
    finished
    aborted
  }

  type Seat {
    index: Int!
    player: Player
    "Level of the server-side bot holding the seat."
    bot: String
    resigned: Boolean!
  }

  type Outcome {
    scores: [Float!]!
    "Per seat, the score by category."
    breakdown: [JSON!]!
    "Seats from first place down; seats in one group share the place."
    ranking: [[Int!]!]!
    winners: [Int!]!
    resigned: [Int!]!
  }

  type GameView {
    version: Int!
    "The seat whose view this is; null for a spectator."
    seat: Int
    view: JSON
  }

  type Move {
    seq: Int!
    "null for the version-0 'start' entry."
    seat: Int
    "'move', 'resign', 'adjudicate' (the operator ended the game; move holds the result), 'undo' (takes back the move just before it; move is { type: 'undo', seq }: the state after it is the state before that move), or 'start' (version 0: the setup's log, e.g. Voyages' first dice; only when history has no 'after')."
    kind: String!
    "The move as the caller may see it (secret choices redacted)."
    move: JSON
    "The engine's structured log entries the caller may see."
    log: [JSON!]!
    at: String!
  }

  type MovePage {
    items: [Move!]!
    "Pass as 'cursor' to read the next page; null on the last page."
    nextCursor: String
  }

  type Game {
    id: ID!
    type: String!
    engineVersion: Int!
    status: GameStatus!
    "Number of moves in the log; send it back as expectedVersion."
    version: Int!
    options: JSON
    seatCount: Int!
    seats: [Seat!]!
    "Seats that may act now."
    toMove: [Int!]!
    createdBy: ID!
    createdAt: String!
    startedAt: String
    finishedAt: String
    turnStartedAt: String
    "SHA-256 of the secret seed, public from the start."
    seedCommitment: String!
    "The seed, revealed once the game is over."
    seed: String
    outcome: Outcome
    "The caller's view of the state, now or after move 'at'."
    view(at: Int): GameView!
    "The caller's legal moves now."
    legalMoves(seat: Int): [JSON!]!
    "Move families for the caller's move spaces too large to list (same as REST legal-moves' families)."
    legalMoveFamilies(seat: Int): [JSON!]!
    "Whether undoMove would take back the caller's latest move now (show an undo button only then)."
    undoable(seat: Int): Boolean!
    "The history, oldest first, redacted for the caller; page with cursor = nextCursor. lang: the language of the log texts ('en', 'ja'); omitted: the request's Accept-Language, else English."
    history(cursor: String, limit: Int, after: Int @deprecated(reason: "use cursor"), first: Int @deprecated(reason: "use limit"), lang: String): MovePage!
  }

  type GamePage {
    items: [Game!]!
    "Pass as 'cursor' to read the next page; null on the last page."
    nextCursor: String
  }

  type MoveResult {
    gameId: ID!
    seq: Int!
    version: Int!
    seat: Int!
    status: GameStatus!
    toMove: [Int!]!
    log: [JSON!]!
    outcome: Outcome
    game: Game!
  }

  type TurnEvent {
    gameId: ID!
    seat: Int!
    version: Int!
    game: Game!
  }

  input BotSeat {
    seat: Int!
    level: String!
  }

  type Query {
    gameTypes: [GameType!]!
    gameType(id: ID!): GameType
    "The caller (null without a token)."
    me: Player
    "Games, newest first; page with cursor = nextCursor."
    games(
      type: String
      status: GameStatus
      player: ID
      cursor: String
      limit: Int
      after: String @deprecated(reason: "use cursor")
      first: Int @deprecated(reason: "use limit")
    ): GamePage!
    game(id: ID!): Game
    "The caller's active games where it is their turn, longest-waiting first; page with cursor = nextCursor."
    myTurn(cursor: String, limit: Int): GamePage!
  }

  type Mutation {
    register(name: String!): Registration!
    createGame(type: String!, seats: Int!, options: JSON, join: Boolean, seat: Int, bots: [BotSeat!], clock: TurnClockInput): Game!
    joinGame(id: ID!, seat: Int): Game!
    addBot(id: ID!, seat: Int!, level: String!): Game!
    startGame(id: ID!): Game!
    abortGame(id: ID!): Game!
    "expectedVersion: refuse with STALE_VERSION unless the game is there. idempotencyKey: a retry returns the first answer."
    move(id: ID!, move: JSON!, seat: Int, expectedVersion: Int, idempotencyKey: String): MoveResult!
    resign(id: ID!, seat: Int): MoveResult!
    "Takes back the caller's latest move while nobody has acted since and it revealed nothing (see Game.undoable); refused with NOTHING_TO_UNDO or UNDO_NOT_ALLOWED."
    undoMove(id: ID!, seat: Int, expectedVersion: Int): MoveResult!
  }

  type Subscription {
    "Each new move of a game, redacted for the subscriber; from fromVersion on (missed moves first) when given. lang: the language of the log texts ('en', 'ja'; default English)."
    gameMoves(id: ID!, fromVersion: Int, lang: String): Move!
    "Fires when it becomes the caller's turn in one of their games."
    myTurn: TurnEvent!
    "The game's summary now, then each time its seats or status change outside moves: a join, a bot seated, the start, an abort."
    gameUpdated(id: ID!): Game!
  }
`;
