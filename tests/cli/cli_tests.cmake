# CLI tests: each runs a tool and checks its exit status (WILL_FAIL / exit code via a
# small wrapper) and, where given, a regular expression its output must match.
#
# catan_cli_test(NAME name EXIT code [MATCH regex] COMMAND tool args...)
function(catan_cli_test)
  cmake_parse_arguments(T "" "NAME;EXIT;MATCH;STDIN" "COMMAND" ${ARGN})
  add_test(NAME cli.${T_NAME}
    COMMAND ${CMAKE_COMMAND} -DEXPECT_EXIT=${T_EXIT} "-DMATCH=${T_MATCH}" "-DSTDIN=${T_STDIN}"
            "-DCMD=$<JOIN:${T_COMMAND},;>" -P ${CATAN_CLI_DIR}/run_cli.cmake)
  # A test that needs something the machine lacks says so (tests/cli/full_device.sh).
  set_tests_properties(cli.${T_NAME} PROPERTIES SKIP_REGULAR_EXPRESSION "skipped: no full device")
endfunction()

set(S ${PROJECT_SOURCE_DIR}/samples)
catan_cli_test(NAME board_version EXIT 0 MATCH "catan-board [0-9]+\\.[0-9]+\\.[0-9]+"
  COMMAND $<TARGET_FILE:catan-board> --version)
catan_cli_test(NAME board_help EXIT 0 MATCH "Examples:"
  COMMAND $<TARGET_FILE:catan-board> --help)
catan_cli_test(NAME board_bad_option EXIT 2 MATCH "--no-such-flag"
  COMMAND $<TARGET_FILE:catan-board> render --no-such-flag)
catan_cli_test(NAME board_render_ids EXIT 0 MATCH "#18"
  COMMAND $<TARGET_FILE:catan-board> render --ids ${S}/boards/beginner.json)
catan_cli_test(NAME board_check_beginner EXIT 0 MATCH "1 board checked, 0 with problems"
  COMMAND $<TARGET_FILE:catan-board> check ${S}/boards/beginner.json)
catan_cli_test(NAME board_check_missing_file EXIT 2 MATCH "no-such.json: cannot open"
  COMMAND $<TARGET_FILE:catan-board> check ${S}/no-such.json)
foreach(bad unknown-terrain token-7 harbor-inland wrong-id not-json)
  catan_cli_test(NAME board_check_malformed_${bad} EXIT 2
    MATCH "malformed-${bad}.json"
    COMMAND $<TARGET_FILE:catan-board> check ${S}/boards/invalid/malformed-${bad}.json)
endforeach()
catan_cli_test(NAME board_check_red_adjacent EXIT 1 MATCH "board-red-adjacent: hex 4 \\(6\\) and hex 5 \\(8\\)"
  COMMAND $<TARGET_FILE:catan-board> check ${S}/boards/invalid/red-adjacent.json)
catan_cli_test(NAME board_check_composition EXIT 1 MATCH "board-composition: 5 forest hexes, expected 4"
  COMMAND $<TARGET_FILE:catan-board> check ${S}/boards/invalid/composition-five-forests.json)

# The README's first command: the main job on the real human game, its statistics too.
catan_cli_test(NAME main_job EXIT 0
  MATCH "valid, complete: player_b wins with 10 VP on turn 69.*largest army: player_b\n  dice: 2:[0-9]+/[0-9.]+ .*\n  player_a: received production [0-9]+.*longest road: player_b \\(10 roads\\).*player_b +1 +40.*who was winning: the turning points \\(10 rollouts a position. the graph: build/human-game-1-eval.svg\\)\nturning points:\n  .*end: player_b won \\(turn 69\\)\n.*replay page: open build/human-game-1.html"
  COMMAND env TOOLS=$<TARGET_FILE_DIR:catan-replay> EVAL_ROLLOUTS=10 ${PROJECT_SOURCE_DIR}/scripts/main-job.sh
          ${PROJECT_SOURCE_DIR}/samples/real/human-game-1.soclog)
# A board of no standard shape is not silently "custom" (issue 29, item 5): the beginner
# board with a hex left out, or with a hex typed one column off, says what is wrong.
catan_cli_test(NAME board_check_shape_missing_hex EXIT 1
  MATCH "shape-18-hexes.json: board-composition: 18 hexes: not the standard 19-hex board; composition not checked; missing \\(0, 2\\)\n1 board checked, 1 with problems\n$"
  COMMAND $<TARGET_FILE:catan-board> check ${S}/boards/invalid/shape-18-hexes.json)
catan_cli_test(NAME board_check_shape_off_frame EXIT 1
  MATCH "board-composition: 19 hexes: not the standard 19-hex board; composition not checked; missing \\(-2, 0\\); off the frame \\(-3, 0\\)\n"
  COMMAND $<TARGET_FILE:catan-board> check ${S}/boards/invalid/shape-off-frame.json)
catan_cli_test(NAME board_check_shape_custom EXIT 0
  MATCH "^[^\n]*shape-18-hexes.json: valid custom board\n1 board checked, 0 with problems\n$"
  COMMAND $<TARGET_FILE:catan-board> check --custom ${S}/boards/invalid/shape-18-hexes.json)
# One clear line (issue 29, item 8): a game log given to catan-board check, a folder given
# to catan-stats.
catan_cli_test(NAME board_check_game_log EXIT 2
  MATCH "^catan-board: [^\n]*complete-3p.json: this is a game log, not a board \\(catan-replay reads it\\)\n$"
  COMMAND $<TARGET_FILE:catan-board> check ${S}/logs/valid/complete-3p.json)
catan_cli_test(NAME stats_directory EXIT 2 MATCH "catan-stats: [^\n]*samples/?: is a directory\n$"
  COMMAND $<TARGET_FILE:catan-stats> ${S})
