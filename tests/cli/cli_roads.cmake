# catan-roads CLI tests: positions, logs (--at), states from catan-replay, errors.
set(P ${PROJECT_SOURCE_DIR}/samples/positions)
set(L ${PROJECT_SOURCE_DIR}/samples/logs)
catan_cli_test(NAME roads_version EXIT 0 MATCH "catan-roads [0-9]+\\.[0-9]+\\.[0-9]+"
  COMMAND $<TARGET_FILE:catan-roads> --version)
catan_cli_test(NAME roads_help EXIT 0 MATCH "Examples:"
  COMMAND $<TARGET_FILE:catan-roads> --help)
catan_cli_test(NAME roads_bad_format EXIT 2 MATCH "--format"
  COMMAND $<TARGET_FILE:catan-roads> --format csv ${P}/ring-spur.json)
catan_cli_test(NAME roads_missing_file EXIT 2 MATCH "no-such.json: cannot open"
  COMMAND $<TARGET_FILE:catan-roads> ${P}/no-such.json)
# ring of hex 9 plus the spur 11-21: 7, walked from the spur's end round the ring
catan_cli_test(NAME roads_ring_spur EXIT 0
  MATCH "red +7 +1 +7 +0 +11-21-20-31-32-33-22-21\n.*red trail edges: 20 27 35 43 44 36 28\n.*longest road: red \\(7 roads\\)\nlargest army: nobody"
  COMMAND $<TARGET_FILE:catan-roads> ${P}/ring-spur.json)
# red's 6-chain cut in the middle by blue's settlement (3 + 3) while blue has 5: the card
# moves; largest army 3 against 3: the holder keeps it
catan_cli_test(NAME roads_cut_transfer EXIT 0
  MATCH "red +3 +2 +6 +3 +16-17-18-19\nblue +5 +2 +6 +3 +47-48-49-50-51-52\n.*longest road: blue \\(5 roads\\)\nlargest army: red \\(3 knights\\)"
  COMMAND $<TARGET_FILE:catan-roads> ${P}/cut-transfer.json)
catan_cli_test(NAME roads_json EXIT 0
  MATCH "\"largest_army\": \"red\",\n  \"longest_road\": \"blue\""
  COMMAND $<TARGET_FILE:catan-roads> --format json ${P}/cut-transfer.json)
catan_cli_test(NAME roads_stdin EXIT 0 MATCH "^-\n.*longest road: red" STDIN ${P}/ring-spur.json
  COMMAND $<TARGET_FILE:catan-roads> -)
catan_cli_test(NAME roads_svg EXIT 0 MATCH "longest road: blue"
  COMMAND $<TARGET_FILE:catan-roads> --svg ${CMAKE_CURRENT_BINARY_DIR}/roads-cut-transfer.svg ${P}/cut-transfer.json)
# (a missing folder is made, as for every output option; a path through a file cannot be)
catan_cli_test(NAME roads_svg_unwritable EXIT 2 MATCH "cut-transfer.json/x.svg: Not a directory"
  COMMAND $<TARGET_FILE:catan-roads> --svg ${P}/cut-transfer.json/x.svg ${P}/cut-transfer.json)
# a game log, at its end and at a chosen event (replayed by the library)
catan_cli_test(NAME roads_log_end EXIT 0
  MATCH "complete-3p.json after event 128\n.*red +6 +1 +6 +3 .*longest road: red \\(6 roads\\)\nlargest army: red \\(3 knights\\)"
  COMMAND $<TARGET_FILE:catan-roads> ${L}/valid/complete-3p.json)
catan_cli_test(NAME roads_log_at EXIT 0 MATCH "after event 11\n.*longest road: nobody\nlargest army: nobody"
  COMMAND $<TARGET_FILE:catan-roads> --at 11 ${L}/valid/complete-3p.json)
catan_cli_test(NAME roads_log_jsonl EXIT 0 MATCH "resign-3p.jsonl after event"
  COMMAND $<TARGET_FILE:catan-roads> ${L}/valid/resign-3p.jsonl)
catan_cli_test(NAME roads_log_at_out_of_range EXIT 2 MATCH "--at 100000: the log has [0-9]+ events"
  COMMAND $<TARGET_FILE:catan-roads> --at 100000 ${L}/valid/complete-3p.json)
catan_cli_test(NAME roads_log_breaks_rule EXIT 1 MATCH "longest-road: .*longest road is red's"
  COMMAND $<TARGET_FILE:catan-roads> ${L}/invalid/longest-road.json)
catan_cli_test(NAME roads_at_on_position EXIT 2 MATCH "--at applies to a game log only"
  COMMAND $<TARGET_FILE:catan-roads> --at 3 ${P}/ring-spur.json)
# the state printed by catan-replay, piped in
catan_cli_test(NAME roads_from_replay_state EXIT 0
  MATCH "^-\n.*red +6 +1 +6 +3 .*longest road: red \\(6 roads\\)"
  COMMAND sh -c "$<TARGET_FILE:catan-replay> --at 128 --format json ${L}/valid/complete-3p.json | $<TARGET_FILE:catan-roads> -")
# malformed positions: the message names the field
catan_cli_test(NAME roads_unknown_holder EXIT 2 MATCH "unknown-holder.json: longest_road: unknown player \"blue\" \\(players: red\\)"
  COMMAND $<TARGET_FILE:catan-roads> ${P}/invalid/unknown-holder.json)
catan_cli_test(NAME roads_road_twice EXIT 2 MATCH "players\\[1\\].roads\\[0\\]: edge 1 already has a road of red"
  COMMAND $<TARGET_FILE:catan-roads> ${P}/invalid/road-twice.json)
catan_cli_test(NAME roads_unknown_field EXIT 2 MATCH "players\\[0\\].setlements: unknown field"
  COMMAND $<TARGET_FILE:catan-roads> ${P}/invalid/unknown-field.json)
catan_cli_test(NAME roads_edge_off_board EXIT 2 MATCH "players\\[0\\].roads\\[1\\]: expected an integer 0..71, got 72"
  COMMAND $<TARGET_FILE:catan-roads> ${P}/invalid/edge-off-board.json)
catan_cli_test(NAME roads_not_json EXIT 2 MATCH "catan-roads: "
  COMMAND $<TARGET_FILE:catan-roads> ${PROJECT_SOURCE_DIR}/samples/boards/invalid/malformed-not-json.json)
# a recorded game of other software, converted by the importer then replayed: the STAC
# human game whose winner (10 VP) holds both cards
if(EXISTS ${CATAN_DATA_DIR}/stac/human-game-1.soclog)
  catan_cli_test(NAME roads_import_soclog EXIT 0
    MATCH "player_b +10 +2 +11 +4 .*longest road: player_b \\(10 roads\\)\nlargest army: player_b \\(4 knights\\)"
    COMMAND $<TARGET_FILE:catan-roads> ${CATAN_DATA_DIR}/stac/human-game-1.soclog)
endif()
# catanatron's engine undercounts a road: both have 7, blue keeps the card; the recording
# hands it to red at action 204, so replay stops there with longest-road (exit 1)
catan_cli_test(NAME roads_catanatron_undercount EXIT 1
  MATCH "blue +7 +2 +9 +1 .*red +7 +2 +9 +0 .*longest road: blue \\(7 roads\\).*longest-road: the log claims the longest road is red's"
  COMMAND $<TARGET_FILE:catan-roads> ${PROJECT_SOURCE_DIR}/samples/real/catanatron-longest-road-undercount.json)
# The robber is drawn where the game has moved it (hex 18 after event 100 of the STAC game, the
# desert at the start), from a log at --at N and from a state replayed elsewhere
set(HG ${PROJECT_SOURCE_DIR}/samples/real/human-game-1.soclog)
set(GT "$<ANGLE-R>")
# The title names the input, and a long name wraps it onto two lines, moving the board down:
# the input is named relative to the source folder so that where the project is checked
# out does not change the picture.
set(HGR samples/real/human-game-1.soclog)
catan_cli_test(NAME roads_svg_robber_moved EXIT 0
  MATCH "^id=\"robber\" class=\"robber\"><g transform=\"translate\\(400.9,519.0\\)\nid=\"robber\" class=\"robber\"><g transform=\"translate\\(400.9,519.0\\)\nid=\"robber\" class=\"robber\"><g transform=\"translate\\(273.8,249.0\\)\n$"
  COMMAND sh -c "cd ${PROJECT_SOURCE_DIR} && $<TARGET_FILE:catan-roads> --at 100 --svg ${CMAKE_CURRENT_BINARY_DIR}/robber-a.svg ${HGR} ${GT} /dev/null && $<TARGET_FILE:catan-replay> --at 100 --format json ${HGR} | $<TARGET_FILE:catan-roads> --svg ${CMAKE_CURRENT_BINARY_DIR}/robber-b.svg - ${GT} /dev/null && $<TARGET_FILE:catan-roads> --at 0 --svg ${CMAKE_CURRENT_BINARY_DIR}/robber-c.svg ${HGR} ${GT} /dev/null && cd ${CMAKE_CURRENT_BINARY_DIR} && grep -ho 'id=\"robber\"[^${GT}]*${GT}<g transform=\"translate([^)]*)' robber-a.svg robber-b.svg robber-c.svg")
