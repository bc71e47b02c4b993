# CLI tests of catan-place (opening placements). Included from tests/CMakeLists.txt.
set(P $<TARGET_FILE:catan-place>)
set(S ${PROJECT_SOURCE_DIR}/samples)
catan_cli_test(NAME place_version EXIT 0 MATCH "catan-place [0-9]+\\.[0-9]+\\.[0-9]+"
  COMMAND ${P} --version)
catan_cli_test(NAME place_help EXIT 0 MATCH "Examples:.*catan-board generate --seed 3 \\| catan-place - --top 5"
  COMMAND ${P} --help)
catan_cli_test(NAME place_bad_option EXIT 2 MATCH "--no-such-flag"
  COMMAND ${P} ${S}/boards/beginner.json --no-such-flag)
catan_cli_test(NAME place_no_board EXIT 2 MATCH "a board file \\(or -\\) is required"
  COMMAND ${P} --top 5)
catan_cli_test(NAME place_missing_file EXIT 2 MATCH "no-such.json: cannot open"
  COMMAND ${P} ${S}/no-such.json)
catan_cli_test(NAME place_malformed_board EXIT 2 MATCH "malformed-unknown-terrain.json: hexes\\[[0-9]+\\].terrain"
  COMMAND ${P} ${S}/boards/invalid/malformed-unknown-terrain.json)
# The ranked, explained table: vertex 35 (hex 10 SE: forest 3, mountains 8, pasture 5) first.
catan_cli_test(NAME place_top5 EXIT 0
  MATCH "54 legal vertices.*   1     35 10SE    11  .  2  4  .  5.*vertex 35 \\(10SE\\): hex 10 forest 3 \\(2\\) \\+ hex 11 mountains 8 \\(5\\) \\+ hex 15 pasture 5 \\(4\\) = 11 pips.*Best pairs"
  COMMAND ${P} ${S}/boards/beginner.json --top 5)
catan_cli_test(NAME place_stdin EXIT 0 MATCH "   1     35 10SE" STDIN ${S}/boards/beginner.json
  COMMAND ${P} - --top 1)
catan_cli_test(NAME place_taken EXIT 0 MATCH "taken: 35 9; 46 legal vertices"
  COMMAND ${P} ${S}/boards/beginner.json --taken 35$<COMMA>9 --top 3)
catan_cli_test(NAME place_taken_out_of_range EXIT 2 MATCH "taken: vertex 99 is not on the board \\(0..53\\)"
  COMMAND ${P} ${S}/boards/beginner.json --taken 99)
# Pair 9 + 35, hand from 35 (lumber, wool, ore): road 7.20 rolls, settlement 37.20, dev card 36.
# each pair of spots once (35+41 ranked first, 41+35 not listed again), "covers" explained
catan_cli_test(NAME place_pairs_odds EXIT 0 MATCH "\n   1    35     41   22 [^\n]*\n   2     9     35   20  5  2  4  1  8   5 BLOG   LWO .*  55.6%              7.20   37.20  72.21  36.00\n   3    13     41 [^\n]*\n\\(covers: BL when the pair touches brick and lumber"
  COMMAND ${P} ${S}/boards/beginner.json --top 0 --pairs 3)
catan_cli_test(NAME place_draft EXIT 0
  MATCH "1. seat 1 round 1: vertex 35 \\(10SE\\).* 8. seat 1 round 2: vertex 19 \\(3SE\\)"
  COMMAND ${P} ${S}/boards/beginner.json --top 0 --pairs 0 --draft)
catan_cli_test(NAME place_draft_csv EXIT 0 MATCH "pick,seat,round,vertex,hex,corner,score\n1,1,1,35,10,SE,40.147"
  COMMAND ${P} ${S}/boards/beginner.json --draft --format csv)
catan_cli_test(NAME place_csv EXIT 0 MATCH "^rank,vertex,hex,corner,total_pips.*\n1,35,10,SE,11,0,2,4,0,5,"
  COMMAND ${P} ${S}/boards/beginner.json --format csv --top 3)
catan_cli_test(NAME place_json EXIT 0 MATCH "\"format\": \"catan-place\""
  COMMAND ${P} ${S}/boards/beginner.json --format json --top 2 --pairs 2)
catan_cli_test(NAME place_simulate EXIT 0 MATCH "simulated \\(2000 runs\\)"
  COMMAND ${P} ${S}/boards/beginner.json --top 0 --pairs 1 --simulate 2000 --seed 3)
catan_cli_test(NAME place_weights EXIT 0 MATCH "score = 1 x weighted pips \\+ 1.5 x resources"
  COMMAND ${P} ${S}/boards/beginner.json --weights ${S}/placement/weights.json --top 1)
catan_cli_test(NAME place_weights_typo EXIT 2
  MATCH "weights-typo.json: weights.expansoin: unknown weight \\(expected pips, scarcity"
  COMMAND ${P} ${S}/boards/beginner.json --weights ${S}/placement/invalid/weights-typo.json)
catan_cli_test(NAME place_weights_not_a_number EXIT 2
  MATCH "weights.harbor: expected a number, got string"
  COMMAND ${P} ${S}/boards/beginner.json --weights ${S}/placement/invalid/weights-not-a-number.json)
catan_cli_test(NAME place_log EXIT 0 MATCH "10 red              2     35 10SE    11   36.80          1/35"
  COMMAND ${P} --log ${S}/logs/valid/complete-3p.json)
if(EXISTS ${CATAN_DATA_DIR}/catanstats/catanstats.csv)
  catan_cli_test(NAME place_catanstats EXIT 0
    MATCH "200 player-games in 50 games.*pips ~ final points: +\\+0.295"
    COMMAND ${P} --catanstats ${CATAN_DATA_DIR}/catanstats/catanstats.csv)
endif()
catan_cli_test(NAME place_svg EXIT 0 MATCH "   1     35 10SE"
  COMMAND ${P} ${S}/boards/beginner.json --top 3 --pairs 0 --svg ${CMAKE_CURRENT_BINARY_DIR}/place-heat.svg)
# (a missing folder is made, as for every output option; a path through a file cannot be)
catan_cli_test(NAME place_svg_unwritable EXIT 2 MATCH "beginner.json/heat.svg: Not a directory"
  COMMAND ${P} ${S}/boards/beginner.json --svg ${S}/boards/beginner.json/heat.svg)
