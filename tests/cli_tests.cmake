# CLI tests: each runs a tool and checks its exit status (WILL_FAIL / exit code via a
# small wrapper) and, where given, a regular expression its output must match.
#
# catan_cli_test(NAME name EXIT code [MATCH regex] COMMAND tool args...)
function(catan_cli_test)
  cmake_parse_arguments(T "" "NAME;EXIT;MATCH;STDIN" "COMMAND" ${ARGN})
  add_test(NAME cli.${T_NAME}
    COMMAND ${CMAKE_COMMAND} -DEXPECT_EXIT=${T_EXIT} "-DMATCH=${T_MATCH}" "-DSTDIN=${T_STDIN}"
            "-DCMD=$<JOIN:${T_COMMAND},;>" -P ${CMAKE_CURRENT_SOURCE_DIR}/run_cli.cmake)
  # A test that needs something the machine lacks says so (tests/full_device.sh).
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
catan_cli_test(NAME board_check_beginner EXIT 0 MATCH "1 boards checked, 0 with problems"
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

# The README's first command: the main job on the real human game.
catan_cli_test(NAME main_job EXIT 0
  MATCH "valid, complete: player_b wins with 10 VP on turn 69.*longest road: player_b \\(10 roads\\).*player_b +1 +40.*replay page: open build/human-game-1.html"
  COMMAND env TOOLS=$<TARGET_FILE_DIR:catan-replay> ${PROJECT_SOURCE_DIR}/scripts/main-job.sh
          ${PROJECT_SOURCE_DIR}/samples/real/human-game-1.soclog)
