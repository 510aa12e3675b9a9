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

/** The codes answered with one status, each with its title and description. */
const withStatus = <K extends string>(status: number, codes: Record<K, readonly [string, string]>) =>
  Object.fromEntries(
    Object.entries<readonly [string, string]>(codes).map(([code, [title, description]]) => [
      code,
      { status, title, description },
    ]),
  ) as Record<K, ProblemCodeInfo>;

export const PROBLEM_CODES = {
  ...withStatus(400, {
    bad_request: ["Malformed request", "The body is not valid JSON (or not a form where one is expected)."],
    invalid_if_match: ["Malformed If-Match", 'If-Match must be an ETag as sent by the API, e.g. `"3"`.'],
    invalid_idempotency_key: ["Malformed Idempotency-Key", "Idempotency-Key must be 1 to 200 characters."],
    invalid_request: [
      "Malformed token request",
      "POST /v1/auth/token: a parameter is missing or malformed, or the client authenticated twice (in the body and with Basic). `error` is the same OAuth code.",
    ],
    unsupported_grant_type: [
      "Unsupported grant type",
      "POST /v1/auth/token takes `grant_type=client_credentials` only.",
    ],
    invalid_scope: [
      "Invalid scope",
      "POST /v1/auth/token: a scope asked for does not exist, or is beyond the client's role.",
    ],
  }),
  ...withStatus(401, {
    token_required: [
      "Token required",
      "This operation needs a bearer token: get one from POST /v1/auth/token.",
    ],
    invalid_token: [
      "Invalid token",
      "The bearer token is malformed, expired, signed with another key, or its client was revoked: get a new one.",
    ],
    invalid_client: [
      "Invalid client",
      "POST /v1/auth/token: unknown client, wrong secret, revoked client or no credentials (one answer for all, so client ids cannot be probed).",
    ],
    invalid_discord_signature: [
      "Invalid Discord signature",
      "The interaction is not signed by the deployment's Discord application key (DISCORD_PUBLIC_KEY) over X-Signature-Timestamp + body, or its timestamp is more than 5 minutes off.",
    ],
    device_session_ended: [
      "Device signed out",
      "The device's session cookie no longer signs in: it expired, or the device (its session or its client) was revoked. The cookie is cleared; pair the device again.",
    ],
  }),
  ...withStatus(403, {
    cross_site_request: [
      "Cross-site request",
      "A write authenticated by a device's session cookie must come from a page of this site (its Origin, or Sec-Fetch-Site: same-origin): another site cannot act with the cookie.",
    ],
    insufficient_role: [
      "Insufficient role",
      "The token's role may not do this; an organisation owner can grant a higher one.",
    ],
    read_only_ancestor: [
      "Read-only ancestor",
      "A parent organisation reads its descendants' data but writes only its own: use a token of the organisation that owns it.",
    ],
    insufficient_scope: [
      "Insufficient scope",
      "The token was issued for fewer scopes than this operation needs: ask POST /v1/auth/token for the scope named in `WWW-Authenticate`.",
    ],
    outside_client_scope: [
      "Outside the client's scope",
      "The client is limited to one event or one session: it reads and changes nothing else of its organisation.",
    ],
    not_session_host: [
      "Not the session's host",
      "A store hosting a session changes only that session; the event, its other sessions and its playoffs belong to the event's organisation.",
    ],
    merge_needs_owner: [
      "Merge needs an owner",
      "Merging players takes an owner of an organisation both players belong to (or of an ancestor of both).",
    ],
    wrong_seat_code: [
      "Wrong seat code",
      "The code is not the one printed next to the player's name on the result sheet; wrong codes are counted and limited.",
    ],
  }),
  ...withStatus(404, {
    route_not_found: ["No such route", "No operation has this path; see /openapi.json."],
    organization_not_found: [
      "Organisation not found",
      "No organisation with this id is visible to the token.",
    ],
    client_not_found: ["Client not found", "No API client with this id in this organisation."],
    player_not_found: ["Player not found", "No player with this id is visible to the token."],
    staff_not_found: ["Staff not found", "The player is not a referee or organiser of this event."],
    event_not_found: [
      "Event not found",
      "No event with this id is visible to the token (private events need a token of their organisation tree).",
    ],
    session_not_found: ["Session not found", "No session with this id is visible to the token."],
    registration_not_found: ["Registration not found", "The player is not registered for this session."],
    round_not_found: ["Round not found", "No round with this id is visible to the token."],
    table_not_found: ["Table not found", "No table with this id is visible to the token."],
    board_not_found: [
      "Board not found",
      "The round has no board yet: POST /v1/rounds/{roundId}/board makes one.",
    ],
    series_not_found: ["Series not found", "No series with this id is visible to the token."],
    check_in_not_found: [
      "Not checked in",
      "The player is not checked in to this session: there is nothing to undo.",
    ],
    webhook_not_found: ["Webhook not found", "No webhook subscription with this id is visible to the token."],
    delivery_not_found: ["Delivery not found", "No delivery with this id for this webhook subscription."],
    discord_not_configured: [
      "No Discord application",
      "This deployment has no Discord application: its operator sets DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY (the Discord app guide).",
    ],
    discord_guild_not_found: [
      "Discord server not linked",
      "No Discord server with this id is linked to the organisation.",
    ],
    discord_link_request_not_found: [
      "Link request not found",
      "No link request with this id in this organisation.",
    ],
    unknown_problem_code: [
      "Unknown problem code",
      "No problem has this code; GET /openapi.json lists every code per operation.",
    ],
    calendar_not_found: [
      "Calendar not found",
      "No calendar has this secret address: it was revoked or never existed. Ask the organiser for a new one.",
    ],
    exclusion_not_found: ["Exclusion not found", "No programme exclusion with this id in this organisation."],
    calendar_link_not_found: [
      "Calendar link not found",
      "No calendar link with this id was made by your organisation.",
    ],
    pairing_code_not_found: [
      "Pairing code not found",
      "No pairing code matches: check what was typed, or make a new code.",
    ],
    device_session_not_found: [
      "Device session not found",
      "No device session with this id in this organisation (or the request is not signed in by a device's cookie).",
    ],
  }),
  ...withStatus(405, {
    method_not_allowed: [
      "Method not allowed",
      "The path exists but not with this method; the Allow header lists the methods it takes.",
    ],
  }),
  ...withStatus(406, {
    format_not_offered: [
      "Format not offered",
      "`?format=` names a representation this operation does not have: it answers JSON. A CSV is an operation of its own, the same path with `.csv`, where one exists.",
    ],
  }),
  ...withStatus(410, {
    player_merged: [
      "Player merged",
      "The player was merged into another: reads answer 301 with `Location` naming the kept player's resource, writes answer 410; use the kept player's id.",
    ],
    cursor_expired: [
      "Cursor expired",
      "The changes after this cursor are past the retention window: run a full export (without `since`) and continue from its cursor.",
    ],
    pairing_code_expired: [
      "Pairing code expired",
      "The pairing code waited longer than it was made for (minutes): make a new one.",
    ],
    pairing_code_used: [
      "Pairing code already used",
      "A pairing code signs in one device, once: make a new code for another device (or to sign this one in again).",
    ],
  }),
  ...withStatus(409, {
    too_many_webhooks: [
      "Too many webhook subscriptions",
      "An organisation holds at most 50 webhook subscriptions, disabled ones included: delete one it no longer uses (one subscription can take several event types).",
    ],
    discord_link_request_decided: [
      "Link request decided",
      "The link request was already approved or rejected.",
    ],
    external_id_taken: [
      "Membership number taken",
      "Another player of the organisation tree has this externalId (membership number).",
    ],
    ruleset_locked: [
      "Ruleset locked",
      "The ruleset cannot change once a result has been submitted: it would re-rank games already played.",
    ],
    edition_locked: [
      "Edition locked",
      "The edition cannot change once a game of the event is seated: every game of an event uses the same edition (rule 1.1.2).",
    ],
    registration_closed: [
      "Registration closed",
      "The session's first round is seated, or the event's playoffs are: a change of participants would change the structure (rules 1.1.5, 1.2.2).",
    ],
    player_already_seated: [
      "Player already seated",
      "The player is already seated in this session; a registration can only be withdrawn before seating.",
    ],
    prelims_closed: [
      "Prelims closed",
      "The event's semifinals or final are seated: no more prelim games can be seated.",
    ],
    previous_round_unfinished: [
      "Previous round unfinished",
      "The next game is seated once every table of the previous games has a final result; `detail` lists the open tables.",
    ],
    no_more_games: ["No more games", "All prelim games of this session are seated (rule 1.1.5)."],
    not_last_round: [
      "Not the last round",
      "Only the last seated round can be removed; remove the rounds seated after it first.",
    ],
    round_has_results: [
      "Round has results",
      "A result exists for a table of this round: its seating can no longer be removed or regenerated.",
    ],
    round_has_disqualifications: [
      "Round has disqualifications",
      "A player was disqualified at a table of this round: the seating is kept with the disqualification.",
    ],
    prelims_unfinished: [
      "Prelims unfinished",
      "Every prelim table needs a final result before the playoffs are seated; `detail` lists the open tables.",
    ],
    prelims_incomplete: ["Prelims incomplete", "A session has not played all its prelim games (rule 1.1.5)."],
    no_semifinals: [
      "No semifinals",
      "With fewer than 29 participants the top 4 go straight to the final (rule 1.1.5): seat the final instead.",
    ],
    not_enough_qualifiers: [
      "Not enough qualifiers",
      "Too few players have a prelim result (disqualified players excluded) to seat the semifinals or the final (rule 1.1.5).",
    ],
    semifinals_not_seated: [
      "Semifinals not seated",
      "With 29 or more participants the final is played by the semifinal winners: seat the semifinals first.",
    ],
    semifinals_unfinished: [
      "Semifinals unfinished",
      "The final is seated once all semifinal tables have a final result; `detail` lists the open tables.",
    ],
    concurrent_seating: [
      "Concurrent seating",
      "Another request seated this round a moment ago; re-read the rounds before seating again.",
    ],
    ranking_inputs_changed: [
      "Ranking inputs changed",
      "A result, correction, disqualification or registration was committed while a seating, a drop, a re-seat or a round's removal was computed from the event, so nothing was changed; send it again.",
    ],
    semifinal_exists: [
      "Semifinals already seated",
      "The event's semifinals are already seated: delete that round to seat them again.",
    ],
    final_exists: [
      "Final already seated",
      "The event's final is already seated: delete that round to seat it again.",
    ],
    board_exists: [
      "Board exists",
      "The round already has its board; every table of the round plays that one (rule 2.0.1).",
    ],
    no_result: ["No result", "The table has no result to confirm or finalize yet."],
    result_exists: [
      "Result exists",
      "The table already has a result; replace it with If-Match naming its version.",
    ],
    result_final: [
      "Result final",
      "The result is final: an organiser can correct it with a stated reason (POST …/result/corrections).",
    ],
    result_not_final: [
      "Result not final",
      "Only a final result is corrected; a pending result is replaced with PUT …/result and If-Match.",
    ],
    already_disqualified: ["Already disqualified", "The player is already disqualified from this event."],
    concurrent_update: [
      "Concurrent update",
      "Another change was committed first (to this table's result, a record this request names, or a sanction or role of the players it names), so nothing was written; read again and retry.",
    ],
    inconsistent_result: [
      "Inconsistent result",
      "A final result does not match its table's seats; an organiser must correct it.",
    ],
    idempotent_request_in_progress: [
      "Request in progress",
      "The first request with this Idempotency-Key is still running; retry shortly.",
    ],
    idempotent_request_committed: [
      "Request already stored",
      "The first request with this Idempotency-Key was stored, but its answer was lost (the server stopped in between): it is not run twice. Read the resource it changed or created.",
    ],
    phase_locked: [
      "Phase locked",
      "Later tables were seated from this phase's results (rules 1.3.5, 1.4.4): remove them first, or correct the result with a stated reason.",
    ],
    client_already_created: [
      "Client already created",
      "This Idempotency-Key already created a client; its secret was shown once and is not stored: revoke that client and create a new one with a new key.",
    ],
    check_in_closed: [
      "Check-in closed",
      "Game 1 is seated, so check-in is closed and its no-shows are recorded; remove game 1 while it has no result to let a late arrival play.",
    ],
    no_show_kept: [
      "No-show kept",
      "The player was recorded as a no-show when game 1 was seated: the registration is kept so the record is honest.",
    ],
    no_show: ["No-show", "The player is a no-show: there is nothing to drop."],
    already_dropped: ["Already dropped", "The player already dropped out of this session."],
    played_after_drop: [
      "Played after the drop",
      "The player has a result in a later game: record the drop after that game or later.",
    ],
    round_in_play: [
      "Round in play",
      "The game already has results at some tables, so it cannot be re-seated without the player: record the drop after it, or the disqualification at the player's table of that game.",
    ],
    snake_round_seated: [
      "Snake round seated",
      "The game is snake-seated by rank: remove it, record the drop or disqualification, and seat it again.",
    ],
    already_disputed: ["Already disputed", "The player already disputes this result sheet."],
    not_snake_seated: [
      "Not snake-seated",
      "Players choose turn order, chair and colour by rank only at snake-seated tables (game 4 of an 80+ session, the semifinals, the final); elsewhere the seating is the turn order (rule 1.1.6).",
    ],
    already_chosen: [
      "Already chosen",
      "The player already chose turn order, chair and colour at this table; choices are final once made.",
    ],
    concurrent_choice: [
      "Concurrent choice",
      "Another choice, a result or a disqualification was recorded at this table while this one was being made, so nothing changed: re-read the table and choose again.",
    ],
    membership_number_conflict: [
      "Membership numbers differ",
      "The two players have different membership numbers or Discord ids: clear the wrong one with PATCH /v1/players/{id}, then merge.",
    ],
    merge_across_trees: [
      "Merge across trees",
      "The two players belong to different organisation trees; a player is one person within one tree.",
    ],
    players_met: [
      "Players met",
      "The two players sat at the same table or played the same round: they are two people.",
    ],
    staff_plays: [
      "Staff plays",
      "One player is staff of an event the other plays in; one person may not do both (rule 1.3.2).",
    ],
    merge_disqualified_twice: [
      "Disqualified twice",
      "Both players are disqualified from the same event, which records one disqualification per player: merging them would lose one and re-place a signed sheet.",
    ],
    merge_excluded_registered: [
      "Excluded player registered",
      "One player is excluded from the programme and the other is registered in a session of it that has not started: withdraw that registration, then merge.",
    ],
    merge_moves_lots: [
      "Merge would move a lot",
      "In an event whose playoffs are seated, the merged player's place in the qualification was decided by lots, and the kept id's lot would move it: merge the other way, or keep both records.",
    ],
    merge_conflict: [
      "Merge conflict",
      "A registration, seat, staff role, disqualification or exclusion of one of the two players, or a playoff seating of an event they played, was committed during the merge: read both players again and retry.",
    ],
    message_expired: [
      "Notification expired",
      "The notification is past the outbox retention window and can no longer be sent.",
    ],
  }),
  ...withStatus(412, {
    version_mismatch: [
      "Version mismatch",
      "If-Match names a version that is no longer current: re-read (GET), then retry with the new ETag.",
    ],
  }),
  ...withStatus(413, {
    payload_too_large: ["Body too large", "The request body is larger than 1 MB."],
  }),
  ...withStatus(415, {
    unsupported_media_type: ["Unsupported media type", "Send the body as application/json."],
  }),
  ...withStatus(422, {
    validation_failed: [
      "Validation failed",
      "A field, query or path parameter breaks its schema; `errors` names each one.",
    ],
    idempotency_key_reused: [
      "Idempotency-Key reused",
      "This Idempotency-Key was used with a different request: use a new key for a new request.",
    ],
    unknown_rule: [
      "Unknown rule",
      "A warning cites a rule of the championship rules by its number (docs/rules.md); this number is not one of them.",
    ],
    parent_org_not_found: ["Parent organisation not found", "`parentId` names no organisation."],
    avoid_pair_same_player: ["Same player twice", "An avoid pair needs two different players."],
    registration_refused: [
      "Registration refused",
      "A player is staff of the event (rule 1.3.2) or was disqualified from it (rule 1.3.6); `errors` names each.",
    ],
    excluded_from_programme: [
      "Excluded from the programme",
      "The player is excluded from the programme of an organisation above the event (docs/rules.md#sanctions); `errors` names each player and the exclusion's end, the first day they may register again.",
    ],
    exclusion_ends_too_soon: [
      "Exclusion ends too soon",
      "An exclusion's `until` is the first day the player may register again: a day after today in the organisation's time zone (UTC without one).",
    ],
    player_excluded: [
      "Player excluded",
      "The sheet scores a player excluded from the programme after this table was seated (docs/rules.md#sanctions): the referee disqualifies them at the table, or the game is removed while it has no result and seated again.",
    ],
    exclusion_needs_members: [
      "Exclusion needs member organisations",
      "Only an organisation with member organisations (a federation) excludes a player from its programme.",
    ],
    player_cannot_be_staff: [
      "Player cannot be staff",
      "A player registered to play in the event cannot be one of its staff (rule 1.3.2).",
    ],
    not_seated: ["Not seated", "The player is not seated at this table (rule 1.3.4)."],
    turn_longer_than_event: [
      "Turn longer than the event's",
      "A table switched to timed turns takes the event's turn time, or a shorter one, never a longer one (rule 1.1.11, docs/rules.md#timers).",
    ],
  }),
  ...withStatus(409, {
    choices_pending: [
      "Choices pending",
      "The finalists choose turn order, chair and colour by rank before the final is played (rules 1.1.10, 1.1.12): its sheet waits until every finalist has chosen, or staff waive the choices (PUT /v1/tables/{tableId}/choices/waiver).",
    ],
  }),
  ...withStatus(422, {
    choice_out_of_rank_order: [
      "Choice out of rank order",
      "At a snake-seated table players choose turn order, chair and colour by rank, best first (rules 1.1.7, 1.1.10, 1.1.12): the problem names who chooses next.",
    ],
    choice_unavailable: [
      "Choice not free",
      "The turn position, chair or colour is taken at this table or does not exist there; `errors` names each field.",
    ],
    chair_out_of_turn_order: [
      "Chair out of turn order",
      "Every player sits in the chair of their chosen turn order (rules 1.1.7, 1.1.10): chairs and turns go clockwise from the chairs already chosen, so send the chair named or leave it out.",
    ],
    seating_mode_conflict: [
      "Seating mode conflict",
      "Send either `tables` (a hand-made seating) or `seed`/`plan` (a generated one), not both.",
    ],
    snake_seating_required: [
      "Snake seating required",
      "Game 4 of an 80+ session is snake-seated after the zero-win cut (rule 1.1.5): send an empty body.",
    ],
    board_mode_conflict: [
      "Board mode conflict",
      "Send `seed` for a random board or `hexes` for a built one, not both.",
    ],
    invalid_game_result: [
      "Invalid game result",
      "The result sheet breaks a rule of the game (rule 1.1.11): one winner, VP bounds, every seat once.",
    ],
    invalid_schedule: ["Invalid seating", "The seating breaks rule 1.1.6; `errors` names each problem."],
    invalid_table_split: [
      "Invalid table split",
      "The players cannot be split into tables of 3 and 4 (rule 1.1.7).",
    ],
    invalid_board: ["Illegal board", "The board breaks rule 2.0.1; `errors` names each problem."],
    invalid_playoff_results: ["Invalid playoff results", "The playoff result breaks rule 1.4.4."],
    invalid_text: [
      "Text cannot be stored",
      "A text field has control, bidirectional or zero-width characters (or is not Unicode text); `errors` names each field.",
    ],
    invalid_client_scope: [
      "Invalid client scope",
      "A client can be limited to an event or a session of its own organisation only; `errors` names the field.",
    ],
    invalid_host: [
      "Invalid host",
      "A session's host is the event's organisation or one of its descendants (a store of the chain).",
    ],
    not_registered: ["Not registered", "The player is not registered for this session."],
    drop_after_last_game: [
      "Drop after the last game",
      "A drop after the session's last game changes nothing: `afterGame` must be below the number of games.",
    ],
    drop_leaves_unsplittable: [
      "Drop leaves an unsplittable session",
      "After the drop the players left for a later game cannot be split into tables of 3 and 4 (rule 1.1.7); the drop is not recorded.",
    ],
    disqualification_leaves_unsplittable: [
      "Disqualification leaves an unsplittable game",
      "Without the player, a later game already seated would keep players that tables of 3 and 4 cannot seat (rule 1.1.7); the disqualification is not recorded. Remove the later seated games while they have no result, then disqualify.",
    ],
    board_already_used: [
      "Board already used",
      "The board is one a previous round of the event played; every round gets a new board (rule 2.0.1).",
    ],
    merge_into_self: ["Merge into self", "A player cannot be merged into themselves."],
    into_player_not_found: ["Kept player not found", "`intoPlayerId` names no player visible to the token."],
    into_player_merged: [
      "Kept player merged",
      "`intoPlayerId` was itself merged into another player: merge into that one.",
    ],
    series_event_outside_tree: [
      "Event outside the tree",
      "A series ranks events of its organisation and the organisations below it only.",
    ],
    invalid_cursor: [
      "Malformed change cursor",
      "`since` is not a cursor this API produced: take it from the last line of an export.",
    ],
    discord_setup_code_required: [
      "Setup code required",
      "A Discord server is linked the first time with a setup code of the organisation (`/setup code:`).",
    ],
    discord_setup_code_invalid: [
      "Setup code invalid",
      "The setup code is unknown, used or expired: create a new one (POST /v1/orgs/{orgId}/discord/setup-codes).",
    ],
    discord_application_mismatch: [
      "Another Discord application",
      "The bot token (DISCORD_BOT_TOKEN) belongs to another application than DISCORD_APPLICATION_ID, or DISCORD_PUBLIC_KEY is not the application's: check them in the developer portal.",
    ],
    discord_token_rejected: [
      "Bot token refused",
      "Discord refused the bot token: reset it in the developer portal (Bot → Reset Token) and set DISCORD_BOT_TOKEN to the new one.",
    ],
    event_out_of_scope: [
      "Event out of scope",
      "The event is not in the organisation's scope (a webhook subscription's, or the Discord setup code's).",
    ],
    unsafe_webhook_target: [
      "Unsafe webhook target",
      "A webhook URL must be https on port 443 to a public host.",
    ],
    // Session start times, conduct (docs/rules.md#sessions-in-time, docs/rules.md#sanctions).
    time_zone_required: [
      "Time zone required",
      "A start time is local to where the session is played: send its IANA `timeZone` with `startsAt`.",
    ],
    invalid_start: ["Invalid start time", "`startsAt` must be a local date and time `YYYY-MM-DDTHH:mm`."],
    nonexistent_local_time: [
      "Time skipped by the clocks",
      "The local start falls in the hour the clocks skip in that zone (the summer-time change): choose another time.",
    ],
    start_date_mismatch: [
      "Date is not the start's day",
      "A session's `date` is the day of its `startsAt`: send one that agrees, or leave `date` out.",
    ],
  }),
  ...withStatus(429, {
    rate_limited: [
      "Too many requests",
      "A rate limit of this client (with a token), address (without) or seat (wrong codes) is reached: wait `Retry-After` seconds.",
    ],
    too_many_streams: [
      "Too many open streams",
      "This client (with a token) or address (IPv6: its /64) already holds as many live streams (change feeds) as it may at once: close one, or retry in `Retry-After` seconds.",
    ],
  }),
  ...withStatus(502, {
    discord_unavailable: [
      "Discord unavailable",
      "Discord's API could not be reached or answered an error: try again in a minute.",
    ],
  }),
  ...withStatus(500, {
    internal_error: ["Internal error", "Unexpected server error: quote the requestId when reporting it."],
  }),
  ...withStatus(503, {
    database_unavailable: [
      "Database unavailable",
      "The database does not answer, or answered with an I/O error: retry after `Retry-After` seconds.",
    ],
    database_read_only: [
      "Database read-only",
      "The database answers reads but refuses writes (a read-only file, a missing folder, or a replica without its primary): " +
        "retry after `Retry-After` seconds; the operator has to make it writable.",
    ],
    database_full: [
      "Database full",
      "The database's disk, or its size limit, is full: the request was not stored. Retry after `Retry-After` seconds; " +
        "the operator has to free space.",
    ],
    server_misconfigured: [
      "Server misconfigured",
      "A required setting (such as JWT_SECRET) is missing or too short. The detail names it and the fix: " +
        "`.dev.vars` under `wrangler dev`, `npx wrangler secret put <NAME>` once deployed.",
    ],
    docs_bundle_unavailable: [
      "Docs bundle unavailable",
      "The interactive reference's script is not installed on this server.",
    ],
  }),
} satisfies Record<string, ProblemCodeInfo>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

export const isProblemCode = (code: string): code is ProblemCode => Object.hasOwn(PROBLEM_CODES, code);

/**
 * The codes of a race lost: nothing was written, and the same request may succeed sent again. An
 * Idempotency-Key does not keep their answer, so that a retry with the key runs again.
 */
export const RACE_LOST_CODES: ReadonlySet<string> = new Set<ProblemCode>([
  "ranking_inputs_changed",
  "concurrent_update",
  "concurrent_seating",
  "concurrent_choice",
  "merge_conflict",
]);

/**
 * Where a problem's `type` points without PUBLIC_URL: a reference relative to the API itself, so
 * the same problem has the same `type` whatever Host a request named (a laptop opened at two
 * addresses, a proxy), and it still resolves, against the answer's address, to the code's page.
 * With PUBLIC_URL the type is that absolute address instead (problemTypeUri in ../problem.ts).
 */
export const PROBLEM_TYPE_BASE = "/problems";

/** `validation_failed` → `validation-failed`: the code as the last segment of its `type`. */
export const problemSlug = (code: string): string => code.replace(/_/g, "-");
