# Readers in pipelines (issue 11): JSON Lines streams keep every good record, a tool that
# takes one board says so on a stream of several, memory stays flat, and the bad-input
# suite.
set(CB $<TARGET_FILE:catan-board>)
set(RD ${CMAKE_CURRENT_BINARY_DIR}/readers)
file(MAKE_DIRECTORY ${RD})
set(BEGINNER ${PROJECT_SOURCE_DIR}/samples/boards/beginner.json)

# Three boards, the third line not JSON, then a fourth board: the two boards before the bad
# line are checked (one breaks board-red-adjacent), the bad line is named, exit 2.
add_test(NAME cli.readers_check_stream_bad_line
  COMMAND sh -c "{ \"$1\" generate --seed 5 --count 2; echo '{\"hexes\": ['; \"$1\" generate --seed 6 --format jsonl; } > \"$2/bad-line.jsonl\"
                 \"$1\" check \"$2/bad-line.jsonl\" 2>&1; echo \"exit $?\"" sh ${CB} ${RD})
set_tests_properties(cli.readers_check_stream_bad_line PROPERTIES PASS_REGULAR_EXPRESSION
  "^2 boards checked, 0 with problems\ncatan-board: [^\n]*bad-line.jsonl:3: not JSON: [^\n]*\nexit 2\n$")
add_test(NAME cli.readers_check_stream_keep_going
  COMMAND sh -c "{ \"$1\" generate --seed 5 --count 2; echo '{\"hexes\": ['; \"$1\" generate --seed 6 --format jsonl; } > \"$2/keep-going.jsonl\"
                 \"$1\" check --keep-going \"$2/keep-going.jsonl\" 2>&1; echo \"exit $?\"" sh ${CB} ${RD})
set_tests_properties(cli.readers_check_stream_keep_going PROPERTIES PASS_REGULAR_EXPRESSION
  "^[^\n]*keep-going.jsonl:3: not JSON: [^\n]*\n3 boards checked, 0 with problems, 1 malformed\ncatan-board: [^\n]*keep-going.jsonl:3: not JSON[^\n]*\nexit 2\n$")
add_test(NAME cli.readers_stats_stream_keep_going
  COMMAND sh -c "{ \"$1\" generate --seed 5 --count 2; echo '{\"hexes\": [], \"robbber\": 1}'; } | \"$1\" stats --keep-going --format jsonl - 2>&1; echo \"exit $?\"" sh ${CB})
set_tests_properties(cli.readers_stats_stream_keep_going PROPERTIES PASS_REGULAR_EXPRESSION
  "^[{]\"board\":0,\"name\":\"-:1\",[^\n]*\n[{]\"board\":1,\"name\":\"-:2\",[^\n]*\n[{]\"board\":2,\"name\":\"-:3\",\"error\":\"-:3: robbber: unknown field[^\n]*\ncatan-board: -:3: robbber: unknown field [^\n]*\nexit 2\n$")
# A JSON array cut off after two boards: both are reported before the error.
add_test(NAME cli.readers_check_array_cut
  COMMAND sh -c "\"$1\" generate --seed 5 --count 3 --format json | head -c 5000 | \"$1\" check -; echo \"exit $?\"" sh ${CB})
set_tests_properties(cli.readers_check_array_cut PROPERTIES PASS_REGULAR_EXPRESSION
  "^1 board checked, 0 with problems\ncatan-board: -\\[1\\] \\(line [0-9]+\\): the array is cut off[^\n]*\nexit 2\n$")
# generate --count N > 1 writes JSON Lines unless --format json asks for an array.
add_test(NAME cli.readers_generate_many_is_jsonl
  COMMAND sh -c "\"$1\" generate --seed 5 --count 3 | wc -l; \"$1\" generate --seed 5 --count 3 --format json | head -c 1" sh ${CB})
set_tests_properties(cli.readers_generate_many_is_jsonl PROPERTIES PASS_REGULAR_EXPRESSION "^ *3\n\\[")
# Tools that take one board stop at the second board of an endless stream (exit 2).
foreach(tool catan-place catan-sim)
  if(tool STREQUAL "catan-sim")
    set(args "--games 1 --board -")
  else()
    set(args -)
  endif()
  add_test(NAME cli.readers_${tool}_one_board_of_endless_stream
    COMMAND sh -c "\"$1\" generate --seed 1 --count 1000000000 | timeout 60 \"$2\" ${args}; echo \"exit $?\"" sh ${CB} $<TARGET_FILE:${tool}>)
  set_tests_properties(cli.readers_${tool}_one_board_of_endless_stream PROPERTIES PASS_REGULAR_EXPRESSION
    "${tool}: -: holds more than one board \\(the next is -:2\\); give one board\nexit 2\n$")
endforeach()
add_test(NAME cli.readers_place_one_board_line
  COMMAND sh -c "\"$1\" generate --seed 1 --format jsonl | \"$2\" --top 1 -" sh ${CB} $<TARGET_FILE:catan-place>)
set_tests_properties(cli.readers_place_one_board_line PROPERTIES PASS_REGULAR_EXPRESSION "vertex")

# Every tool over seeded malformed variants of each kind of input (about 2,000 variants per
# kind at CATAN_TEST_SCALE 1 with -j2 in a few minutes of Release build).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME inputs.bad_input_suite
    COMMAND ${Python3_EXECUTABLE} ${CATAN_CLI_DIR}/bad_inputs.py ${PROJECT_SOURCE_DIR}
            $<TARGET_FILE_DIR:catan-board>)
  set_tests_properties(inputs.bad_input_suite PROPERTIES TIMEOUT 1500)
  if(NOT CATAN_SANITIZE)
    add_test(NAME inputs.memory_flat
      COMMAND ${Python3_EXECUTABLE} ${CATAN_CLI_DIR}/memory_flat.py ${PROJECT_SOURCE_DIR}
              $<TARGET_FILE_DIR:catan-board>)
    set_tests_properties(inputs.memory_flat PROPERTIES TIMEOUT 600)
    # --hands at the default tracking bound within 100 MiB (a belief past the bound).
    add_test(NAME track.memory_bound
      COMMAND ${Python3_EXECUTABLE} ${CATAN_CLI_DIR}/tracking_memory.py
              ${PROJECT_SOURCE_DIR} $<TARGET_FILE_DIR:catan-board>)
    set_tests_properties(track.memory_bound PROPERTIES TIMEOUT 300)
  endif()
endif()
