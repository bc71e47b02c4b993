# catan-import: the real games in samples/real converted and replayed, format detection,
# and the errors for a wrong command line or an unknown format.
set(R ${PROJECT_SOURCE_DIR}/samples/real)
catan_cli_test(NAME import_version EXIT 0 MATCH "catan-import [0-9]+\\.[0-9]+\\.[0-9]+"
  COMMAND $<TARGET_FILE:catan-import> --version)
catan_cli_test(NAME import_help EXIT 0 MATCH "Examples:"
  COMMAND $<TARGET_FILE:catan-import> --help)
catan_cli_test(NAME import_soclog EXIT 0 MATCH "\"source_seat\": 3"
  COMMAND $<TARGET_FILE:catan-import> ${R}/human-game-1.soclog)
catan_cli_test(NAME import_soclog_stdin_jsonl EXIT 0 MATCH "^\\{\"board\".*\n\\{\"player\":\"player_c\",\"type\":\"place_settlement\",\"vertex\":23\\}"
  STDIN ${R}/human-game-1.soclog COMMAND $<TARGET_FILE:catan-import> --format jsonl -)
catan_cli_test(NAME import_catanatron EXIT 0 MATCH "\"name\": \"blue\""
  COMMAND $<TARGET_FILE:catan-import> --from catanatron ${R}/catanatron-road-through-settlement.json)
catan_cli_test(NAME import_wrong_from EXIT 2 MATCH "--from"
  COMMAND $<TARGET_FILE:catan-import> --from catan ${R}/human-game-1.soclog)
catan_cli_test(NAME import_colonist EXIT 0 MATCH "\"discard_limit\": 9,.*\"friendly_robber\": true"
  COMMAND $<TARGET_FILE:catan-import> ${R}/colonist-1v1-210696208.json)
catan_cli_test(NAME import_colonist_from_jsonl EXIT 0 MATCH "\{\"player\":\"player_a\",\"type\":\"place_settlement\",\"vertex\":[0-9]+\}"
  COMMAND $<TARGET_FILE:catan-import> --from colonist --format jsonl ${R}/colonist-1v1-210696208.json)
catan_cli_test(NAME import_colonist_truncated EXIT 2 MATCH "catan-import: -: not valid JSON"
  COMMAND sh -c "head -c 20000 ${R}/colonist-1v1-210696208.json | $<TARGET_FILE:catan-import> -")
catan_cli_test(NAME import_soclog_as_colonist EXIT 2 MATCH "human-game-1.soclog: not valid JSON"
  COMMAND $<TARGET_FILE:catan-import> --from colonist ${R}/human-game-1.soclog)
# A JSettlers2 game event log (detected from its header): 6 seats on the 6-player board,
# special building, replayed valid as far as the cut goes.
set(J ${PROJECT_SOURCE_DIR}/tests/fuzz_corpus/jsettlers)
catan_cli_test(NAME import_jsettlers_replay EXIT 0
  MATCH "valid, unfinished: no winner after turn 6 \\(6 rolls, 41 events\\)"
  COMMAND sh -c "$<TARGET_FILE:catan-import> ${J}/robots-6p-game-02-first-12-rolls.soclog | $<TARGET_FILE:catan-replay> -")
catan_cli_test(NAME import_jsettlers_no_board EXIT 2
  MATCH "robots-4p-header-only.soclog:3: the log ends without a board"
  COMMAND $<TARGET_FILE:catan-import> --from jsettlers ${J}/robots-4p-header-only.soclog)
# catan-replay reads every format catan-import reads (converted in memory), from a file or
# from standard input, with the verdict of the imported log.
catan_cli_test(NAME replay_reads_soclog EXIT 0
  MATCH "human-game-1.soclog: valid, complete: player_b wins with 10 VP on turn 69"
  COMMAND $<TARGET_FILE:catan-replay> ${R}/human-game-1.soclog)
catan_cli_test(NAME replay_reads_jsettlers_stdin EXIT 0
  MATCH "^-: valid, unfinished: no winner after turn 6 \\(6 rolls, 41 events\\)"
  STDIN ${J}/robots-6p-game-02-first-12-rolls.soclog COMMAND $<TARGET_FILE:catan-replay> -)
catan_cli_test(NAME replay_reads_colonist_stdin EXIT 0
  MATCH "^-: valid, complete: player_b wins with 15 VP on turn 64"
  STDIN ${R}/colonist-1v1-210696208.json COMMAND $<TARGET_FILE:catan-replay> -)
catan_cli_test(NAME replay_reads_catanatron_hands EXIT 1 MATCH "road-connected"
  COMMAND $<TARGET_FILE:catan-replay> --hands ${R}/catanatron-road-through-settlement.json)
catan_cli_test(NAME import_wrong_format EXIT 2 MATCH "cannot tell the format"
  COMMAND $<TARGET_FILE:catan-import> ${PROJECT_SOURCE_DIR}/LICENSE)
catan_cli_test(NAME import_soclog_as_catanatron EXIT 2 MATCH "human-game-1.soclog: not valid JSON"
  COMMAND $<TARGET_FILE:catan-import> --from catanatron ${R}/human-game-1.soclog)
catan_cli_test(NAME import_missing_file EXIT 2 MATCH "no-such.soclog: cannot open"
  COMMAND $<TARGET_FILE:catan-import> ${R}/no-such.soclog)
catan_cli_test(NAME replay_real_human_game EXIT 0
  MATCH "valid, complete: player_b wins with 10 VP on turn 69"
  COMMAND $<TARGET_FILE:catan-replay> ${R}/human-game-1.json)
catan_cli_test(NAME replay_real_catanatron_deviation EXIT 1 MATCH "road-connected"
  COMMAND sh -c "$<TARGET_FILE:catan-import> ${R}/catanatron-road-through-settlement.json | $<TARGET_FILE:catan-replay> -")
# --view: any log (native or imported) as a spectator or one seat would have recorded it
catan_cli_test(NAME import_view_spectator EXIT 0
  MATCH "\\{\"hex\":8,\"player\":\"player_c\",\"stolen\":null,\"type\":\"move_robber\",\"victim\":\"player_a\"\\}"
  COMMAND $<TARGET_FILE:catan-import> --view spectator ${R}/human-game-1.json)
catan_cli_test(NAME import_view_seat_keeps_own_steal EXIT 0
  MATCH "\\{\"hex\":8,\"player\":\"player_c\",\"stolen\":\"wool\",\"type\":\"move_robber\",\"victim\":\"player_a\"\\}"
  COMMAND $<TARGET_FILE:catan-import> --view player_a ${R}/human-game-1.json)
catan_cli_test(NAME import_view_no_discards_jsonl EXIT 0
  MATCH "\\{\"cards\":null,\"count\":4,\"player\":\"player_a\",\"type\":\"discard\"\\}"
  COMMAND $<TARGET_FILE:catan-import> --view spectator-no-discards --format jsonl ${R}/human-game-1.soclog)
# a monopoly's haul is public: the view states it, and --events says it
catan_cli_test(NAME import_view_states_monopoly_haul EXIT 0
  MATCH "139  turn 42 — player_b plays monopoly on grain and takes 4 \\(none from player_c, 4 from player_a\\)"
  COMMAND sh -c "$<TARGET_FILE:catan-import> --view spectator ${R}/human-game-1.json | $<TARGET_FILE:catan-replay> --events -")
catan_cli_test(NAME import_view_unknown_seat EXIT 2
  MATCH "--view: expected spectator, spectator-no-discards or a seat \\(player_c, player_a, player_b\\), got \"green\""
  COMMAND $<TARGET_FILE:catan-import> --view green ${R}/human-game-1.json)
# catanlog tabletop transcripts (detected): noise reported as warnings with the line
if(EXISTS ${CATAN_DATA_DIR}/catanlog/tabletop-game-4.catan)
  catan_cli_test(NAME import_catanlog EXIT 0
    MATCH "tabletop-game-4.catan:179: warning: \"orange buys city, builds at \\(1 S\\)\" repeats line 178; the same piece cannot be built twice at one place: dropped"
    COMMAND $<TARGET_FILE:catan-import> ${CATAN_DATA_DIR}/catanlog/tabletop-game-4.catan)
  catan_cli_test(NAME import_catanlog_jsonl EXIT 0
    MATCH "\"unrecorded\":\\[\"discards\"\\].*\n\\{\"player\":\"player4\",\"sum\":7,\"type\":\"roll\"\\}"
    COMMAND $<TARGET_FILE:catan-import> --from catanlog --format jsonl ${CATAN_DATA_DIR}/catanlog/tabletop-game-4.catan)
endif()
catan_cli_test(NAME import_catanlog_bad_header EXIT 2
  MATCH "^catan-import: -:3: players: expected 2 to 4 players, got \"9\""
  COMMAND sh -c "printf 'catanlog v0.10.0\\ntimestamp: x\\nplayers: 9\\n' | $<TARGET_FILE:catan-import> -")
# Several recordings: one JSON Lines stream, the logs in input order, byte for byte what
# converting each alone with --format jsonl gives; a recording that cannot be converted is
# reported by name and skipped, the others still written, exit 2; --format json refuses
# several (one document holds one log).
set(IMPORT $<TARGET_FILE:catan-import>)
# inside the joined command a ">" would end its generator expression and a comma split it
set(GT "$<ANGLE-R>")
set(CA ${R}/catanatron-road-through-settlement.json)
set(SO ${R}/human-game-1.soclog)
catan_cli_test(NAME import_many_stream EXIT 0 MATCH "^same 2\n$"
  COMMAND sh -c "${IMPORT} --format jsonl ${CA} ${GT} $<TARGET_FILE_DIR:catan-import>/import_alone.jsonl && ${IMPORT} --format jsonl ${SO} ${GT}${GT} $<TARGET_FILE_DIR:catan-import>/import_alone.jsonl && ${IMPORT} -j 2 ${CA} ${SO} | cmp - $<TARGET_FILE_DIR:catan-import>/import_alone.jsonl && printf 'same %s\\n' $(${IMPORT} ${CA} ${SO} | grep -c '\"format\":\"catan-log\"')")
catan_cli_test(NAME import_many_one_missing EXIT 0
  MATCH "^exit 2 logs 2\ncatan-import: [^\n]*no-such.soclog: cannot open[^\n]*\n$"
  COMMAND sh -c "${IMPORT} ${CA} ${R}/no-such.soclog ${SO} ${GT} $<TARGET_FILE_DIR:catan-import>/import_some.jsonl || printf 'exit %s logs ' $? && grep -c catan-log $<TARGET_FILE_DIR:catan-import>/import_some.jsonl")
catan_cli_test(NAME import_many_not_json EXIT 2
  MATCH "^catan-import: --format json writes one log; several recordings are written as one JSON Lines stream of logs \\(--format jsonl, the default for several\\)\n$"
  COMMAND ${IMPORT} --format json ${CA} ${SO})
catan_cli_test(NAME import_many_stats EXIT 1 MATCH "2 inputs: 1 valid, 1 invalid, 0 malformed"
  COMMAND sh -c "${IMPORT} ${CA} ${SO} | $<TARGET_FILE:catan-stats> -")
# A stream of logs (what catan-import writes for several recordings) is replayed game by game,
# one verdict each, named as catan-stats names them; streamed, read whole (--hands) and as JSON
catan_cli_test(NAME replay_stream_of_two_logs EXIT 1
  MATCH "^-#1: valid, complete: player_b wins with 10 VP on turn 69 \\(69 rolls, 235 events\\)\n-#2: event 116 \\(turn 43, red builds a road between the forest \\(11\\) and the fields \\(5\\) \\[edge 21\\]\\): road-connected: [^\n]*\n-#3: valid, complete: player_b wins with 10 VP on turn 69 \\(69 rolls, 235 events\\)\n$"
  COMMAND sh -c "${IMPORT} ${SO} ${CA} ${SO} | $<TARGET_FILE:catan-replay> -")
catan_cli_test(NAME replay_stream_hands EXIT 0
  MATCH "^games.jsonl#1: hands after event 234: 1 possible state\n[^#]*games.jsonl#2: hands after event 234: 1 possible state\n"
  COMMAND sh -c "${IMPORT} ${SO} ${SO} ${GT} $<TARGET_FILE_DIR:catan-import>/games.jsonl && cd $<TARGET_FILE_DIR:catan-import> && $<TARGET_FILE:catan-replay> --hands games.jsonl")
catan_cli_test(NAME replay_stream_json EXIT 2
  MATCH "^[{]\"events\":235,\"file\":\"-#1\"[^\n]*\n[{]\"error\":\"-#2: event 0 \\(line 238\\)[^\n]*\"file\":\"-#2\",\"outcome\":\"malformed\""
  COMMAND sh -c "(${IMPORT} ${SO} ${SO} | head -237 && echo '{\"type\":\"rol\"}') | $<TARGET_FILE:catan-replay> --format json -")
catan_cli_test(NAME replay_stream_html_refused EXIT 2
  MATCH "games2.jsonl: --html: the input holds 2 games and the page shows one"
  COMMAND sh -c "${IMPORT} ${SO} ${SO} ${GT} $<TARGET_FILE_DIR:catan-import>/games2.jsonl && $<TARGET_FILE:catan-replay> --html $<TARGET_FILE_DIR:catan-import>/g.html $<TARGET_FILE_DIR:catan-import>/games2.jsonl")
# catan-stats and catan-place --log read a recording of another program directly
catan_cli_test(NAME stats_reads_soclog EXIT 0 MATCH "^catan-stats: 1 input: 1 valid, 0 invalid, 0 malformed; 1 group"
  COMMAND $<TARGET_FILE:catan-stats> ${SO})
catan_cli_test(NAME place_log_reads_soclog EXIT 0 MATCH "^Setup of [^\n]*human-game-1.soclog: 6 settlements"
  COMMAND $<TARGET_FILE:catan-place> --log ${SO})
