# CLI tests of catan-board generate / stats / check constraint flags / render --format svg.
set(S ${PROJECT_SOURCE_DIR}/samples)
set(CB $<TARGET_FILE:catan-board>)
catan_cli_test(NAME board_generate_text_seed7 EXIT 0 MATCH "board 3 of 3.*#18.*harbors:"
  COMMAND ${CB} generate --seed 7 --count 3 --format text)
catan_cli_test(NAME board_generate_json_kind EXIT 0 MATCH "\"kind\": \"extended\""
  COMMAND ${CB} generate --seed 1 --players 5-6)
catan_cli_test(NAME board_generate_impossible EXIT 2
  MATCH "no board satisfies these constraints in 1000 tries"
  COMMAND ${CB} generate --seed 1 --max-vertex-pips 2 --max-tries 1000)
catan_cli_test(NAME board_generate_svg_count EXIT 2 MATCH "--count 1"
  COMMAND ${CB} generate --seed 1 --count 2 --format svg)
catan_cli_test(NAME board_generate_beginner_5_6 EXIT 2 MATCH "no beginner board for 5-6"
  COMMAND ${CB} generate --layout beginner --players 5-6)
catan_cli_test(NAME board_generate_bad_group EXIT 2 MATCH "max-terrain-group"
  COMMAND ${CB} generate --max-terrain-group 0)
catan_cli_test(NAME board_generate_help_uniform EXIT 0 MATCH "uniformly over all boards"
  COMMAND ${CB} generate --help)
catan_cli_test(NAME board_render_svg EXIT 0 MATCH "<svg xmlns.*>2:1</text>.*</svg>"
  COMMAND ${CB} render --format svg ${S}/boards/beginner.json)
catan_cli_test(NAME board_check_vertex_pips EXIT 1
  MATCH "board-vertex-pips: vertex [0-9]+ \\(hexes 7, 8, 12\\) has 11 pips, more than 10"
  COMMAND ${CB} check --max-vertex-pips 10 ${S}/boards/beginner.json)
catan_cli_test(NAME board_check_terrain_group EXIT 1
  MATCH "board-terrain-group: hexes 1, 5 form a connected group of 2 pasture hexes"
  COMMAND ${CB} check --max-terrain-group 1 ${S}/boards/beginner.json)
catan_cli_test(NAME board_check_spread_ok EXIT 0 MATCH "1 board checked, 0 with problems"
  COMMAND ${CB} check --max-resource-spread 3 --desert centre ${S}/boards/beginner.json)
catan_cli_test(NAME board_check_golden EXIT 0 MATCH "1 board checked, 0 with problems"
  COMMAND ${CB} check ${S}/boards/random-5-6-seed-7.json)
catan_cli_test(NAME board_stats_beginner EXIT 0
  MATCH "\"harbor_pairs\":\\{\"min\":1,\"max\":1,\"mean\":1.00,\"histogram\":\\{\"1\":1\\}\\}"
  COMMAND ${CB} stats --format json ${S}/boards/beginner.json)
catan_cli_test(NAME board_stats_generate EXIT 0 MATCH "1000 boards.*red_min_distance +2"
  COMMAND ${CB} stats --generate 1000 --seed 3)
catan_cli_test(NAME board_stats_no_input EXIT 2 MATCH "give a file"
  COMMAND ${CB} stats)

# Pipelines: golden bytes, generate | check, and the SVG parses (rsvg-convert).
add_test(NAME cli.board_generate_golden_seed7
  COMMAND sh -c "\"$1\" generate --seed 7 | cmp - \"$2\"" sh ${CB} ${S}/boards/random-seed-7.json)
add_test(NAME cli.board_generate_jsonl_check
  COMMAND sh -c "\"$1\" generate --seed 11 --count 20000 --format jsonl --no-equal-adjacent | \"$1\" check --no-equal-adjacent -"
  sh ${CB})
set_tests_properties(cli.board_generate_jsonl_check PROPERTIES
  PASS_REGULAR_EXPRESSION "^20000 boards checked, 0 with problems")
# The JSON Lines stream (boards written side by side in large blocks) holds exactly the
# boards of the JSON array of the same seed, each as its compact document.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  foreach(players 3-4 5-6)
    add_test(NAME cli.board_generate_jsonl_equals_json_${players}
      COMMAND sh -c "\"$1\" generate --seed 5 --count 1000 --players $3 --format jsonl > \"$3.jsonl\" && \"$1\" generate --seed 5 --count 1000 --players $3 --format json | \"$2\" -c 'import json,sys\nfor b in json.load(sys.stdin): print(json.dumps(b, separators=(\",\", \":\"), sort_keys=True))' | cmp - \"$3.jsonl\" && rm \"$3.jsonl\""
      sh ${CB} ${Python3_EXECUTABLE} ${players})
  endforeach()
endif()
add_test(NAME cli.board_generate_array_check
  COMMAND sh -c "\"$1\" generate --seed 2 --count 3 --players 5-6 | \"$1\" check -" sh ${CB})
set_tests_properties(cli.board_generate_array_check PROPERTIES
  PASS_REGULAR_EXPRESSION "^3 boards checked, 0 with problems")
find_program(RSVG_CONVERT rsvg-convert)
if(RSVG_CONVERT)
  add_test(NAME cli.board_svg_converts
    COMMAND sh -c "\"$1\" generate --seed 7 --players 5-6 --ids --format svg | \"$2\" -f png > /dev/null"
    sh ${CB} ${RSVG_CONVERT})
endif()
# Boards typed as text: the row format the project ships and the one-line notation are read by
# every tool that takes a board; generate and render write the line; a stream of lines checks
catan_cli_test(NAME board_rows_format EXIT 0
  MATCH "^[^\n]*beginner.txt: valid standard board\n1 board checked, 0 with problems\n$"
  COMMAND $<TARGET_FILE:catan-board> check ${PROJECT_SOURCE_DIR}/samples/boards/beginner.txt)
# a trailing "# comment" on a board line is left out, as whole-line comments are
add_test(NAME cli.board_line_trailing_comment
  COMMAND sh -c "echo 'WGO GOBL OWLGW WDBL GBL; 5 9 9 8 10 4 6 3 5 11 12 11 10 2 3 6 4 8; G 3 3 O W L B 3 3; robber 13  # typed from the table' | \"$1\" check -" sh $<TARGET_FILE:catan-board>)
set_tests_properties(cli.board_line_trailing_comment PROPERTIES
  PASS_REGULAR_EXPRESSION "^-: valid standard board\n1 board checked, 0 with problems\n$")
catan_cli_test(NAME board_line_render EXIT 0
  MATCH "^OWL GBWB GLDLO LOGW BGW; 10 2 9 12 6 4 10 9 11 3 8 8 3 4 5 5 6 11; 3 G O 3 W 3 3 B L\n$"
  COMMAND $<TARGET_FILE:catan-board> render --format line ${PROJECT_SOURCE_DIR}/samples/boards/beginner.line)
catan_cli_test(NAME board_line_same_as_json EXIT 0 MATCH "^same\n$"
  COMMAND sh -c "$<TARGET_FILE:catan-board> render --format json ${PROJECT_SOURCE_DIR}/samples/boards/beginner.line | cmp - ${PROJECT_SOURCE_DIR}/samples/boards/beginner.json && $<TARGET_FILE:catan-board> render --format json ${PROJECT_SOURCE_DIR}/samples/boards/beginner.txt | cmp - ${PROJECT_SOURCE_DIR}/samples/boards/beginner.json && echo same")
catan_cli_test(NAME board_line_stream_check EXIT 0 MATCH "^1000 boards checked, 0 with problems\n$"
  COMMAND sh -c "($<TARGET_FILE:catan-board> generate --seed 5 --count 500 --format line && $<TARGET_FILE:catan-board> generate --seed 5 --count 500 --players 5-6 --format line) | $<TARGET_FILE:catan-board> check - 2$<ANGLE-R>&1 $<ANGLE-R>/dev/null | cat")
catan_cli_test(NAME board_line_place EXIT 0 MATCH "rank vertex at[^\n]*\n   1     35 10SE    11 "
  COMMAND $<TARGET_FILE:catan-place> --top 1 ${PROJECT_SOURCE_DIR}/samples/boards/beginner.line)
catan_cli_test(NAME board_line_mistyped EXIT 2
  MATCH "^catan-board: -: numbers: 17 tokens for the 18 hexes that are not desert\n"
  STDIN ${PROJECT_SOURCE_DIR}/samples/boards/invalid/malformed-line-numbers.line
  COMMAND $<TARGET_FILE:catan-board> check -)
# A good board gets a one-line verdict on standard output (the summary goes to stderr)
catan_cli_test(NAME board_check_good_verdict EXIT 0 MATCH "^[^\n]*beginner.line: valid standard board\n$"
  COMMAND sh -c "$<TARGET_FILE:catan-board> check ${PROJECT_SOURCE_DIR}/samples/boards/beginner.line 2$<ANGLE-R>/dev/null")
