# Arguments are checked (issue 11, item 6) and command-line errors start with the tool's
# name (item 7).
set(AS ${PROJECT_SOURCE_DIR}/samples)
set(ARGDIR ${CMAKE_CURRENT_BINARY_DIR}/args-test)
file(MAKE_DIRECTORY ${ARGDIR})
# Seeds: exactly 0..2^64-1; -1, 2^64 and 1e23 wrapped or saturated to 2^64-1 before.
set(catan_seed_cmd_board $<TARGET_FILE:catan-board> generate)
set(catan_seed_cmd_stats $<TARGET_FILE:catan-board> stats --generate 1)
set(catan_seed_cmd_place $<TARGET_FILE:catan-place> ${AS}/boards/beginner.json --simulate 10)
set(catan_seed_cmd_sim $<TARGET_FILE:catan-sim> --games 1)
foreach(cmd board stats place sim)
  set(tool ${cmd})
  if(cmd STREQUAL "stats")
    set(tool board)
  endif()
  foreach(case "minus_one|-1" "two_to_the_64|18446744073709551616" "exponent|1e23" "plus_sign|+1")
    string(REPLACE "|" ";" case "${case}")
    list(GET case 0 id)
    list(GET case 1 bad)
    catan_cli_test(NAME seed_rejected_${cmd}_${id} EXIT 2
      MATCH "^catan-${tool}: --seed: expected an integer 0..18446744073709551615, got \\${bad}\n"
      COMMAND ${catan_seed_cmd_${cmd}} --seed "${bad}")
  endforeach()
endforeach()
catan_cli_test(NAME seed_max_accepted EXIT 0 MATCH "^catan-sim: seed 18446744073709551615,"
  COMMAND $<TARGET_FILE:catan-sim> --games 1 --seed 18446744073709551615)
# --turn past the end of the log exits 2, like --at
catan_cli_test(NAME replay_turn_past_end EXIT 2
  MATCH "^catan-replay: [^\n]*complete-3p.json: --turn 999: the log ends in turn 49 \\(0..49\\)\n$"
  COMMAND $<TARGET_FILE:catan-replay> --turn 999 ${AS}/logs/valid/complete-3p.json)
catan_cli_test(NAME replay_turn_last EXIT 0 MATCH "state at the end of turn 49"
  COMMAND $<TARGET_FILE:catan-replay> --turn 49 ${AS}/logs/valid/complete-3p.json)
# --plot needs --catanstats
catan_cli_test(NAME place_plot_without_catanstats EXIT 2
  MATCH "^catan-place: --plot requires --catanstats\n"
  COMMAND $<TARGET_FILE:catan-place> ${AS}/boards/beginner.json --plot ${ARGDIR}/plot.svg)
# a catanstats CSV with a header only has nothing to correlate
file(WRITE ${ARGDIR}/header-only.csv "gameNum,player,points,production\n")
catan_cli_test(NAME place_catanstats_header_only EXIT 2
  MATCH "^catan-place: [^\n]*header-only.csv: no data rows after the header \\(line 1 is the last\\)\n$"
  COMMAND $<TARGET_FILE:catan-place> --catanstats ${ARGDIR}/header-only.csv)
# command-line errors start with the tool's name
foreach(tool board replay roads place import sim stats)
  set(sub x)
  if(tool STREQUAL "board")
    set(sub render)
  endif()
  catan_cli_test(NAME usage_error_names_tool_${tool} EXIT 2
    MATCH "^catan-${tool}: [^\n]*--no-such-flag"
    COMMAND $<TARGET_FILE:catan-${tool}> ${sub} --no-such-flag)
endforeach()
# catan-place --log: a setup that breaks a rule is reported with the violation, exit 1
foreach(rule distance-rule setup-order)
  catan_cli_test(NAME place_log_${rule} EXIT 1
    MATCH "${rule}.json: event [0-9]+ \\(turn 0, [^\n]*\\): ${rule}: "
    COMMAND $<TARGET_FILE:catan-place> --log ${AS}/logs/invalid/${rule}.json)
endforeach()
# render --format svg of a stream of boards: an error, not several <svg> roots in one file
catan_cli_test(NAME board_render_svg_stream EXIT 2
  MATCH "^catan-board: [^\n]*:2: --format svg draws one board and the input holds more"
  COMMAND sh -c "$<TARGET_FILE:catan-board> generate --seed 1 --count 2 --format jsonl | $<TARGET_FILE:catan-board> render --format svg -")
# the completion's values: catan-sim --players offers 2..6; --format=<TAB> completes (bash
# splits the word at '=')
catan_cli_test(NAME completion_values EXIT 0
  MATCH "^sim --players: 2 3 4 5 6
replay --format=: text json jsonl
replay --format=js: json jsonl
board generate --format=s: svg
$"
  COMMAND ${CATAN_CLI_DIR}/completion_test.sh $<TARGET_FILE_DIR:catan-replay> ${CMAKE_CURRENT_BINARY_DIR})
