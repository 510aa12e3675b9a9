/**
 * Every problem `code` the API answers, with its HTTP status and the words of its
 * `/problems/{code}` page. Routes name codes from here (a typo does not compile), the OpenAPI
 * document lists them as an enum per operation and status (operation-problems.ts), and the
 * problem `type` URI points at the page.
 */
interface ProblemCodeInfo {
  readonly status: number;
  readonly title: string;
  /** What happened and what to do about it, for the human page and the enum's description. */
  readonly description: string;
}

const c = (status: number, title: string, description: string): ProblemCodeInfo => ({
  status,
  title,
  description,
});

export const PROBLEM_CODES = {
  // 400
  bad_request: c(
    400,
    "Malformed request",
    "The body is not valid JSON (or not a form where one is expected).",
  ),
  invalid_if_match: c(400, "Malformed If-Match", 'If-Match must be an ETag as sent by the API, e.g. `"3"`.'),
  invalid_idempotency_key: c(
    400,
    "Malformed Idempotency-Key",
    "Idempotency-Key must be 1 to 200 characters.",
  ),
  invalid_request: c(
    400,
    "Malformed token request",
    "POST /v1/auth/token: a parameter is missing or malformed, or the client authenticated twice (in the body and with Basic). `error` is the same OAuth code.",
  ),
  unsupported_grant_type: c(
    400,
    "Unsupported grant type",
    "POST /v1/auth/token takes `grant_type=client_credentials` only.",
  ),
  invalid_scope: c(
    400,
    "Invalid scope",
    "POST /v1/auth/token: a scope asked for does not exist, or is beyond the client's role.",
  ),
  // 401
  token_required: c(
    401,
    "Token required",
    "This operation needs a bearer token: get one from POST /v1/auth/token.",
  ),
  invalid_token: c(
    401,
    "Invalid token",
    "The bearer token is malformed, expired, signed with another key, or its client was revoked: get a new one.",
  ),
  invalid_client: c(
    401,
    "Invalid client",
    "POST /v1/auth/token: unknown client, wrong secret, revoked client or no credentials (one answer for all, so client ids cannot be probed).",
  ),
  invalid_discord_signature: c(
    401,
    "Invalid Discord signature",
    "The interaction is not signed by the deployment's Discord application key (DISCORD_PUBLIC_KEY) over X-Signature-Timestamp + body, or its timestamp is more than 5 minutes off.",
  ),
  device_session_ended: c(
    401,
    "Device signed out",
    "The device's session cookie no longer signs in: it expired, or the device (its session or its client) was revoked. The cookie is cleared; pair the device again.",
  ),
  // 403
  cross_site_request: c(
    403,
    "Cross-site request",
    "A write authenticated by a device's session cookie must come from a page of this site (its Origin, or Sec-Fetch-Site: same-origin): another site cannot act with the cookie.",
  ),
  insufficient_role: c(
    403,
    "Insufficient role",
    "The token's role may not do this; an organisation owner can grant a higher one.",
  ),
  read_only_ancestor: c(
    403,
    "Read-only ancestor",
    "A parent organisation reads its descendants' data but writes only its own: use a token of the organisation that owns it.",
  ),
  insufficient_scope: c(
    403,
    "Insufficient scope",
    "The token was issued for fewer scopes than this operation needs: ask POST /v1/auth/token for the scope named in `WWW-Authenticate`.",
  ),
  outside_client_scope: c(
    403,
    "Outside the client's scope",
    "The client is limited to one event or one session: it reads and changes nothing else of its organisation.",
  ),
  not_session_host: c(
    403,
    "Not the session's host",
    "A store hosting a session changes only that session; the event, its other sessions and its playoffs belong to the event's organisation.",
  ),
  merge_needs_owner: c(
    403,
    "Merge needs an owner",
    "Merging players takes an owner of an organisation both players belong to (or of an ancestor of both).",
  ),
  wrong_seat_code: c(
    403,
    "Wrong seat code",
    "The code is not the one printed next to the player's name on the result sheet; wrong codes are counted and limited.",
  ),
  // 404
  route_not_found: c(404, "No such route", "No operation has this path; see /openapi.json."),
  organization_not_found: c(
    404,
    "Organisation not found",
    "No organisation with this id is visible to the token.",
  ),
  client_not_found: c(404, "Client not found", "No API client with this id in this organisation."),
  player_not_found: c(404, "Player not found", "No player with this id is visible to the token."),
  staff_not_found: c(404, "Staff not found", "The player is not a referee or organiser of this event."),
  event_not_found: c(
    404,
    "Event not found",
    "No event with this id is visible to the token (private events need a token of their organisation tree).",
  ),
  session_not_found: c(404, "Session not found", "No session with this id is visible to the token."),
  registration_not_found: c(404, "Registration not found", "The player is not registered for this session."),
  round_not_found: c(404, "Round not found", "No round with this id is visible to the token."),
  table_not_found: c(404, "Table not found", "No table with this id is visible to the token."),
  board_not_found: c(
    404,
    "Board not found",
    "The round has no board yet: POST /v1/rounds/{roundId}/board makes one.",
  ),
  series_not_found: c(404, "Series not found", "No series with this id is visible to the token."),
  check_in_not_found: c(
    404,
    "Not checked in",
    "The player is not checked in to this session: there is nothing to undo.",
  ),
  webhook_not_found: c(
    404,
    "Webhook not found",
    "No webhook subscription with this id is visible to the token.",
  ),
  delivery_not_found: c(404, "Delivery not found", "No delivery with this id for this webhook subscription."),
  discord_not_configured: c(
    404,
    "No Discord application",
    "This deployment has no Discord application: its operator sets DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY (the Discord app guide).",
  ),
  discord_guild_not_found: c(
    404,
    "Discord server not linked",
    "No Discord server with this id is linked to the organisation.",
  ),
  discord_link_request_not_found: c(
    404,
    "Link request not found",
    "No link request with this id in this organisation.",
  ),
  unknown_problem_code: c(
    404,
    "Unknown problem code",
    "No problem has this code; GET /openapi.json lists every code per operation.",
  ),
  calendar_not_found: c(
    404,
    "Calendar not found",
    "No calendar has this secret address: it was revoked or never existed. Ask the organiser for a new one.",
  ),
  exclusion_not_found: c(
    404,
    "Exclusion not found",
    "No programme exclusion with this id in this organisation.",
  ),
  calendar_link_not_found: c(
    404,
    "Calendar link not found",
    "No calendar link with this id was made by your organisation.",
  ),
  pairing_code_not_found: c(
    404,
    "Pairing code not found",
    "No pairing code matches: check what was typed, or make a new code.",
  ),
  device_session_not_found: c(
    404,
    "Device session not found",
    "No device session with this id in this organisation (or the request is not signed in by a device's cookie).",
  ),
  // 405
  method_not_allowed: c(
    405,
    "Method not allowed",
    "The path exists but not with this method; the Allow header lists the methods it takes.",
  ),
  // 406
  format_not_offered: c(
    406,
    "Format not offered",
    "`?format=` names a representation this operation does not have: it answers JSON. A CSV is an operation of its own, the same path with `.csv`, where one exists.",
  ),
  // 301, 410
  player_merged: c(
    410,
    "Player merged",
    "The player was merged into another: reads answer 301 with `Location` naming the kept player's resource, writes answer 410; use the kept player's id.",
  ),
  cursor_expired: c(
    410,
    "Cursor expired",
    "The changes after this cursor are past the retention window: run a full export (without `since`) and continue from its cursor.",
  ),
  pairing_code_expired: c(
    410,
    "Pairing code expired",
    "The pairing code waited longer than it was made for (minutes): make a new one.",
  ),
  pairing_code_used: c(
    410,
    "Pairing code already used",
    "A pairing code signs in one device, once: make a new code for another device (or to sign this one in again).",
  ),
  // 409
  too_many_webhooks: c(
    409,
    "Too many webhook subscriptions",
    "An organisation holds at most 50 webhook subscriptions, disabled ones included: delete one it no longer uses (one subscription can take several event types).",
  ),
  discord_link_request_decided: c(
    409,
    "Link request decided",
    "The link request was already approved or rejected.",
  ),
  external_id_taken: c(
    409,
    "Membership number taken",
    "Another player of the organisation tree has this externalId (membership number).",
  ),
  ruleset_locked: c(
    409,
    "Ruleset locked",
    "The ruleset cannot change once a result has been submitted: it would re-rank games already played.",
  ),
  edition_locked: c(
    409,
    "Edition locked",
    "The edition cannot change once a game of the event is seated: every game of an event uses the same edition (rule 1.1.2).",
  ),
  registration_closed: c(
    409,
    "Registration closed",
    "The session's first round is seated, or the event's playoffs are: a change of participants would change the structure (rules 1.1.5, 1.2.2).",
  ),
  player_already_seated: c(
    409,
    "Player already seated",
    "The player is already seated in this session; a registration can only be withdrawn before seating.",
  ),
  prelims_closed: c(
    409,
    "Prelims closed",
    "The event's semifinals or final are seated: no more prelim games can be seated.",
  ),
  previous_round_unfinished: c(
    409,
    "Previous round unfinished",
    "The next game is seated once every table of the previous games has a final result; `detail` lists the open tables.",
  ),
  no_more_games: c(409, "No more games", "All prelim games of this session are seated (rule 1.1.5)."),
  not_last_round: c(
    409,
    "Not the last round",
    "Only the last seated round can be removed; remove the rounds seated after it first.",
  ),
  round_has_results: c(
    409,
    "Round has results",
    "A result exists for a table of this round: its seating can no longer be removed or regenerated.",
  ),
  round_has_disqualifications: c(
    409,
    "Round has disqualifications",
    "A player was disqualified at a table of this round: the seating is kept with the disqualification.",
  ),
  prelims_unfinished: c(
    409,
    "Prelims unfinished",
    "Every prelim table needs a final result before the playoffs are seated; `detail` lists the open tables.",
  ),
  prelims_incomplete: c(
    409,
    "Prelims incomplete",
    "A session has not played all its prelim games (rule 1.1.5).",
  ),
  no_semifinals: c(
    409,
    "No semifinals",
    "With fewer than 29 participants the top 4 go straight to the final (rule 1.1.5): seat the final instead.",
  ),
  not_enough_qualifiers: c(
    409,
    "Not enough qualifiers",
    "Too few players have a prelim result (disqualified players excluded) to seat the semifinals or the final (rule 1.1.5).",
  ),
  semifinals_not_seated: c(
    409,
    "Semifinals not seated",
    "With 29 or more participants the final is played by the semifinal winners: seat the semifinals first.",
  ),
  semifinals_unfinished: c(
    409,
    "Semifinals unfinished",
    "The final is seated once all semifinal tables have a final result; `detail` lists the open tables.",
  ),
  concurrent_seating: c(
    409,
    "Concurrent seating",
    "Another request seated this round a moment ago; re-read the rounds before seating again.",
  ),
  ranking_inputs_changed: c(
    409,
    "Ranking inputs changed",
    "A result, correction, disqualification or registration was committed while the playoffs were being seated from the rankings, so nothing was seated; seat again.",
  ),
  semifinal_exists: c(
    409,
    "Semifinals already seated",
    "The event's semifinals are already seated: delete that round to seat them again.",
  ),
  final_exists: c(
    409,
    "Final already seated",
    "The event's final is already seated: delete that round to seat it again.",
  ),
  board_exists: c(
    409,
    "Board exists",
    "The round already has its board; every table of the round plays that one (rule 2.0.1).",
  ),
  no_result: c(409, "No result", "The table has no result to confirm or finalize yet."),
  result_exists: c(
    409,
    "Result exists",
    "The table already has a result; replace it with If-Match naming its version.",
  ),
  result_final: c(
    409,
    "Result final",
    "The result is final: an organiser can correct it with a stated reason (POST …/result/corrections).",
  ),
  result_not_final: c(
    409,
    "Result not final",
    "Only a final result is corrected; a pending result is replaced with PUT …/result and If-Match.",
  ),
  already_disqualified: c(409, "Already disqualified", "The player is already disqualified from this event."),
  concurrent_update: c(
    409,
    "Concurrent update",
    "Another change to this table's result was committed first; re-read the table and retry.",
  ),
  inconsistent_result: c(
    409,
    "Inconsistent result",
    "A final result does not match its table's seats; an organiser must correct it.",
  ),
  idempotent_request_in_progress: c(
    409,
    "Request in progress",
    "The first request with this Idempotency-Key is still running; retry shortly.",
  ),
  idempotent_request_committed: c(
    409,
    "Request already stored",
    "The first request with this Idempotency-Key was stored, but its answer was lost (the server stopped in between): it is not run twice. Read the resource it changed or created.",
  ),
  phase_locked: c(
    409,
    "Phase locked",
    "Later tables were seated from this phase's results (rules 1.3.5, 1.4.4): remove them first, or correct the result with a stated reason.",
  ),
  client_already_created: c(
    409,
    "Client already created",
    "This Idempotency-Key already created a client; its secret was shown once and is not stored: revoke that client and create a new one with a new key.",
  ),
  check_in_closed: c(
    409,
    "Check-in closed",
    "Game 1 is seated, so check-in is closed and its no-shows are recorded; remove game 1 while it has no result to let a late arrival play.",
  ),
  no_show_kept: c(
    409,
    "No-show kept",
    "The player was recorded as a no-show when game 1 was seated: the registration is kept so the record is honest.",
  ),
  no_show: c(409, "No-show", "The player is a no-show: there is nothing to drop."),
  already_dropped: c(409, "Already dropped", "The player already dropped out of this session."),
  played_after_drop: c(
    409,
    "Played after the drop",
    "The player has a result in a later game: record the drop after that game or later.",
  ),
  round_in_play: c(
    409,
    "Round in play",
    "The game already has results at some tables, so it cannot be re-seated without the player: record the drop after it, or the disqualification at the player's table of that game.",
  ),
  snake_round_seated: c(
    409,
    "Snake round seated",
    "The game is snake-seated by rank: remove it, record the drop or disqualification, and seat it again.",
  ),
  already_disputed: c(409, "Already disputed", "The player already disputes this result sheet."),
  not_snake_seated: c(
    409,
    "Not snake-seated",
    "Players choose turn order, chair and colour by rank only at snake-seated tables (game 4 of an 80+ session, the semifinals, the final); elsewhere the seating is the turn order (rule 1.1.6).",
  ),
  already_chosen: c(
    409,
    "Already chosen",
    "The player already chose turn order, chair and colour at this table; choices are final once made.",
  ),
  concurrent_choice: c(
    409,
    "Concurrent choice",
    "Another choice or a result was recorded at this table while this one was being made, so nothing changed: re-read the table and choose again.",
  ),
  membership_number_conflict: c(
    409,
    "Membership numbers differ",
    "The two players have different membership numbers or Discord ids: clear the wrong one with PATCH /v1/players/{id}, then merge.",
  ),
  merge_across_trees: c(
    409,
    "Merge across trees",
    "The two players belong to different organisation trees; a player is one person within one tree.",
  ),
  players_met: c(
    409,
    "Players met",
    "The two players sat at the same table or played the same round: they are two people.",
  ),
  staff_plays: c(
    409,
    "Staff plays",
    "One player is staff of an event the other plays in; one person may not do both (rule 1.3.2).",
  ),
  merge_conflict: c(
    409,
    "Merge conflict",
    "A registration or seating of one of the two players changed during the merge: read both players again and retry.",
  ),
  message_expired: c(
    409,
    "Notification expired",
    "The notification is past the outbox retention window and can no longer be sent.",
  ),
  // 412
  version_mismatch: c(
    412,
    "Version mismatch",
    "If-Match names a version that is no longer current: re-read (GET), then retry with the new ETag.",
  ),
  // 413, 415
  payload_too_large: c(413, "Body too large", "The request body is larger than 1 MB."),
  unsupported_media_type: c(415, "Unsupported media type", "Send the body as application/json."),
  // 422
  validation_failed: c(
    422,
    "Validation failed",
    "A field, query or path parameter breaks its schema; `errors` names each one.",
  ),
  idempotency_key_reused: c(
    422,
    "Idempotency-Key reused",
    "This Idempotency-Key was used with a different request: use a new key for a new request.",
  ),
  unknown_rule: c(
    422,
    "Unknown rule",
    "A warning cites a rule of the championship rules by its number (docs/rules.md); this number is not one of them.",
  ),
  parent_org_not_found: c(422, "Parent organisation not found", "`parentId` names no organisation."),
  avoid_pair_same_player: c(422, "Same player twice", "An avoid pair needs two different players."),
  registration_refused: c(
    422,
    "Registration refused",
    "A player is staff of the event (rule 1.3.2) or was disqualified from it (rule 1.3.6); `errors` names each.",
  ),
  excluded_from_programme: c(
    422,
    "Excluded from the programme",
    "The player is excluded from the programme of an organisation above the event (docs/rules.md#sanctions); `errors` names each player and the exclusion's end, the first day they may register again.",
  ),
  exclusion_ends_too_soon: c(
    422,
    "Exclusion ends too soon",
    "An exclusion's `until` is the first day the player may register again: a day after today in the organisation's time zone (UTC without one).",
  ),
  player_excluded: c(
    422,
    "Player excluded",
    "The sheet scores a player excluded from the programme after this table was seated (docs/rules.md#sanctions): the referee disqualifies them at the table, or the game is removed while it has no result and seated again.",
  ),
  exclusion_needs_members: c(
    422,
    "Exclusion needs member organisations",
    "Only an organisation with member organisations (a federation) excludes a player from its programme.",
  ),
  player_cannot_be_staff: c(
    422,
    "Player cannot be staff",
    "A player registered to play in the event cannot be one of its staff (rule 1.3.2).",
  ),
  not_seated: c(422, "Not seated", "The player is not seated at this table (rule 1.3.4)."),
  turn_longer_than_event: c(
    422,
    "Turn longer than the event's",
    "A table switched to timed turns takes the event's turn time, or a shorter one, never a longer one (rule 1.1.11, docs/rules.md#timers).",
  ),
  choices_pending: c(
    409,
    "Choices pending",
    "The finalists choose turn order, chair and colour by rank before the final is played (rules 1.1.10, 1.1.12): its sheet waits until every finalist has chosen, or staff waive the choices (PUT /v1/tables/{tableId}/choices/waiver).",
  ),
  choice_out_of_rank_order: c(
    422,
    "Choice out of rank order",
    "At a snake-seated table players choose turn order, chair and colour by rank, best first (rules 1.1.7, 1.1.10, 1.1.12): the problem names who chooses next.",
  ),
  choice_unavailable: c(
    422,
    "Choice not free",
    "The turn position, chair or colour is taken at this table or does not exist there; `errors` names each field.",
  ),
  chair_out_of_turn_order: c(
    422,
    "Chair out of turn order",
    "Every player sits in the chair of their chosen turn order (rules 1.1.7, 1.1.10): chairs and turns go clockwise from the chairs already chosen, so send the chair named or leave it out.",
  ),
  seating_mode_conflict: c(
    422,
    "Seating mode conflict",
    "Send either `tables` (a hand-made seating) or `seed`/`plan` (a generated one), not both.",
  ),
  snake_seating_required: c(
    422,
    "Snake seating required",
    "Game 4 of an 80+ session is snake-seated after the zero-win cut (rule 1.1.5): send an empty body.",
  ),
  board_mode_conflict: c(
    422,
    "Board mode conflict",
    "Send `seed` for a random board or `hexes` for a built one, not both.",
  ),
  invalid_game_result: c(
    422,
    "Invalid game result",
    "The result sheet breaks a rule of the game (rule 1.1.11): one winner, VP bounds, every seat once.",
  ),
  invalid_schedule: c(422, "Invalid seating", "The seating breaks rule 1.1.6; `errors` names each problem."),
  invalid_table_split: c(
    422,
    "Invalid table split",
    "The players cannot be split into tables of 3 and 4 (rule 1.1.7).",
  ),
  invalid_board: c(422, "Illegal board", "The board breaks rule 2.0.1; `errors` names each problem."),
  invalid_playoff_results: c(422, "Invalid playoff results", "The playoff result breaks rule 1.4.4."),
  invalid_text: c(
    422,
    "Text cannot be stored",
    "A text field has control, bidirectional or zero-width characters (or is not Unicode text); `errors` names each field.",
  ),
  invalid_client_scope: c(
    422,
    "Invalid client scope",
    "A client can be limited to an event or a session of its own organisation only; `errors` names the field.",
  ),
  invalid_host: c(
    422,
    "Invalid host",
    "A session's host is the event's organisation or one of its descendants (a store of the chain).",
  ),
  not_registered: c(422, "Not registered", "The player is not registered for this session."),
  drop_after_last_game: c(
    422,
    "Drop after the last game",
    "A drop after the session's last game changes nothing: `afterGame` must be below the number of games.",
  ),
  drop_leaves_unsplittable: c(
    422,
    "Drop leaves an unsplittable session",
    "After the drop the players left for a later game cannot be split into tables of 3 and 4 (rule 1.1.7); the drop is not recorded.",
  ),
  disqualification_leaves_unsplittable: c(
    422,
    "Disqualification leaves an unsplittable game",
    "Without the player, a later game already seated would keep players that tables of 3 and 4 cannot seat (rule 1.1.7); the disqualification is not recorded. Remove the later seated games while they have no result, then disqualify.",
  ),
  board_already_used: c(
    422,
    "Board already used",
    "The board is one a previous round of the event played; every round gets a new board (rule 2.0.1).",
  ),
  merge_into_self: c(422, "Merge into self", "A player cannot be merged into themselves."),
  into_player_not_found: c(
    422,
    "Kept player not found",
    "`intoPlayerId` names no player visible to the token.",
  ),
  into_player_merged: c(
    422,
    "Kept player merged",
    "`intoPlayerId` was itself merged into another player: merge into that one.",
  ),
  series_event_outside_tree: c(
    422,
    "Event outside the tree",
    "A series ranks events of its organisation and the organisations below it only.",
  ),
  invalid_cursor: c(
    422,
    "Malformed change cursor",
    "`since` is not a cursor this API produced: take it from the last line of an export.",
  ),
  discord_setup_code_required: c(
    422,
    "Setup code required",
    "A Discord server is linked the first time with a setup code of the organisation (`/setup code:`).",
  ),
  discord_setup_code_invalid: c(
    422,
    "Setup code invalid",
    "The setup code is unknown, used or expired: create a new one (POST /v1/orgs/{orgId}/discord/setup-codes).",
  ),
  discord_application_mismatch: c(
    422,
    "Another Discord application",
    "The bot token (DISCORD_BOT_TOKEN) belongs to another application than DISCORD_APPLICATION_ID, or DISCORD_PUBLIC_KEY is not the application's: check them in the developer portal.",
  ),
  discord_token_rejected: c(
    422,
    "Bot token refused",
    "Discord refused the bot token: reset it in the developer portal (Bot → Reset Token) and set DISCORD_BOT_TOKEN to the new one.",
  ),
  event_out_of_scope: c(
    422,
    "Event out of scope",
    "The event is not in the organisation's scope (a webhook subscription's, or the Discord setup code's).",
  ),
  unsafe_webhook_target: c(
    422,
    "Unsafe webhook target",
    "A webhook URL must be https on port 443 to a public host.",
  ),
  // Session start times, conduct (docs/rules.md#sessions-in-time, docs/rules.md#sanctions).
  time_zone_required: c(
    422,
    "Time zone required",
    "A start time is local to where the session is played: send its IANA `timeZone` with `startsAt`.",
  ),
  invalid_start: c(422, "Invalid start time", "`startsAt` must be a local date and time `YYYY-MM-DDTHH:mm`."),
  nonexistent_local_time: c(
    422,
    "Time skipped by the clocks",
    "The local start falls in the hour the clocks skip in that zone (the summer-time change): choose another time.",
  ),
  start_date_mismatch: c(
    422,
    "Date is not the start's day",
    "A session's `date` is the day of its `startsAt`: send one that agrees, or leave `date` out.",
  ),
  // 429
  rate_limited: c(
    429,
    "Too many requests",
    "A rate limit of this client (with a token), address (without) or seat (wrong codes) is reached: wait `Retry-After` seconds.",
  ),
  too_many_streams: c(
    429,
    "Too many open streams",
    "This client (with a token) or address (IPv6: its /64) already holds as many live streams (change feeds) as it may at once: close one, or retry in `Retry-After` seconds.",
  ),
  // 502
  discord_unavailable: c(
    502,
    "Discord unavailable",
    "Discord's API could not be reached or answered an error: try again in a minute.",
  ),
  // 500, 503
  internal_error: c(500, "Internal error", "Unexpected server error: quote the requestId when reporting it."),
  database_unavailable: c(
    503,
    "Database unavailable",
    "The database does not answer, or answered with an I/O error: retry after `Retry-After` seconds.",
  ),
  database_read_only: c(
    503,
    "Database read-only",
    "The database answers reads but refuses writes (a read-only file, a missing folder, or a replica without its primary): " +
      "retry after `Retry-After` seconds; the operator has to make it writable.",
  ),
  database_full: c(
    503,
    "Database full",
    "The database's disk, or its size limit, is full: the request was not stored. Retry after `Retry-After` seconds; " +
      "the operator has to free space.",
  ),
  server_misconfigured: c(
    503,
    "Server misconfigured",
    "A required setting (such as JWT_SECRET) is missing or too short. The detail names it and the fix: " +
      "`.dev.vars` under `wrangler dev`, `npx wrangler secret put <NAME>` once deployed.",
  ),
  docs_bundle_unavailable: c(
    503,
    "Docs bundle unavailable",
    "The interactive reference's script is not installed on this server.",
  ),
} satisfies Record<string, ProblemCodeInfo>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

export const isProblemCode = (code: string): code is ProblemCode => Object.hasOwn(PROBLEM_CODES, code);

/**
 * Where a problem's `type` points without PUBLIC_URL: a reference relative to the API itself, so
 * the same problem has the same `type` whatever Host a request named (a laptop opened at two
 * addresses, a proxy), and it still resolves, against the answer's address, to the code's page.
 * With PUBLIC_URL the type is that absolute address instead (problemTypeUri in ../problem.ts).
 */
export const PROBLEM_TYPE_BASE = "/problems";

/** `validation_failed` → `validation-failed`: the code as the last segment of its `type`. */
export const problemSlug = (code: string): string => code.replace(/_/g, "-");
