# (No ',' or ';' in a COMMAND: they split the command list.)
# Issue 11, items 5-8: one record per input (catan-board check, catan-roads), messages that
# say where and print what they were given, output that reads right.
set(MS ${PROJECT_SOURCE_DIR}/samples)
set(MSDIR ${CMAKE_CURRENT_BINARY_DIR}/messages-test)
file(MAKE_DIRECTORY ${MSDIR})
set(CB $<TARGET_FILE:catan-board>)
# catan-board check --format json: one JSON line per board, valid or not, and per input
# that stopped (malformed) or could not be read (a directory); the next input goes on.
catan_cli_test(NAME board_check_json_records EXIT 2
  MATCH "^{\"name\":\"[^\"]*/beginner.json\",\"problems\":\\[\\],\"valid\":true}\n{\"name\":\"[^\"]*/red-adjacent.json\",\"problems\":\\[{\"message\":\"hex 4 \\(6\\) and hex 5 \\(8\\) are neighbours\",\"rule\":\"board-red-adjacent\"}\\],\"valid\":false}\n{\"error\":\"[^\"]*/malformed-not-json.json: not JSON: [^\n]*\",\"name\":\"[^\"]*/malformed-not-json.json\",\"valid\":false}\n{\"error\":\"[^\"]*/boards: is a directory\",\"name\":\"[^\"]*/boards\",\"valid\":false}\n{\"name\":\"[^\"]*/beginner.json\",\"problems\":\\[\\],\"valid\":true}\n3 boards checked, 1 with problems\ncatan-board: [^\n]*malformed-not-json.json: not JSON[^\n]*\ncatan-board: [^\n]*/boards: is a directory\n$"
  COMMAND ${CB} check --format json ${MS}/boards/beginner.json ${MS}/boards/invalid/red-adjacent.json
          ${MS}/boards/invalid/malformed-not-json.json ${MS}/boards ${MS}/boards/beginner.json)
file(WRITE ${MSDIR}/boards.list "${MS}/boards/beginner.json\n${MS}/boards/invalid/red-adjacent.json\n")
catan_cli_test(NAME board_check_files_from EXIT 1
  MATCH "^[^\n]*red-adjacent.json: board-red-adjacent: hex 4 \\(6\\) and hex 5 \\(8\\) are neighbours\n2 boards checked, 1 with problems\n$"
  COMMAND sh -c "${CB} check --files-from - < ${MSDIR}/boards.list")
catan_cli_test(NAME board_check_no_input EXIT 2 MATCH "^catan-board: no input"
  COMMAND ${CB} check)
# catan-roads: a malformed input among several gets its record; the others go on.
catan_cli_test(NAME roads_malformed_among_several EXIT 2
  MATCH "^{[^\n]*\"longest_road\":\"red\"[^\n]*}\n{\"error\":\"[^\n]*unknown-holder.json: longest_road: unknown player [^\n]*\",\"source\":{\"file\":\"[^\"]*unknown-holder.json\"}}\n{[^\n]*\"longest_road\":\"blue\"[^\n]*}\ncatan-roads: [^\n]*unknown-holder.json: longest_road"
  COMMAND $<TARGET_FILE:catan-roads> --format json ${MS}/positions/ring-spur.json
          ${MS}/positions/invalid/unknown-holder.json ${MS}/positions/cut-transfer.json)
# stats --format json records what the boards were made with.
catan_cli_test(NAME board_stats_json_source EXIT 0
  MATCH "^{\"boards\":10,\"source\":{\"generated\":10,\"seed\":3,\"players\":\"3-4\",\"constraints\":{\"board-red-adjacent\":true,\"board-equal-adjacent\":false,\"board-2-12-adjacent\":true,\"board-terrain-group\":null,\"board-vertex-pips\":12,\"board-resource-spread\":null,\"board-desert-centre\":false}},\"measures\":"
  COMMAND ${CB} stats --format json --generate 10 --seed 3 --no-2-12-adjacent --max-vertex-pips 12)
catan_cli_test(NAME board_stats_json_source_file EXIT 0
  MATCH "^{\"boards\":1,\"source\":{\"file\":\"[^\"]*beginner.json\"},\"measures\":"
  COMMAND ${CB} stats --format json ${MS}/boards/beginner.json)
# catan-sim --summary json: numbers are JSON numbers (the averages were strings).
catan_cli_test(NAME sim_summary_json_numbers EXIT 0
  MATCH "\"events\": {\n    \"average\": 1189.67,\n    \"total\": 3569\n  },.*\"seconds\": [0-9.]+,.*\"turns\": {\n    \"average\": 378.33,"
  COMMAND $<TARGET_FILE:catan-sim> --games 3 --seed 1 --summary json)
# Standings read as VP by source, never as piece counts.
catan_cli_test(NAME replay_standings_by_source EXIT 0
  MATCH "\n  1\\. red        10 VP: 3 settlements, 1 city, longest road \\+ largest army, 1 VP card\n  2\\. blue        2 VP: 2 settlements\n"
  COMMAND $<TARGET_FILE:catan-replay> ${MS}/logs/valid/complete-3p.json)
# Control characters in player names (ESC, newline) are escaped in text output and in
# messages; JSON output keeps the name as it is (JSON escapes it itself).
catan_cli_test(NAME replay_name_control_characters EXIT 0
  MATCH "^-: valid, complete: r\\\\eed\\\\nx wins with 10 VP[^\n]*\n  1\\. r\\\\eed\\\\nx   10 VP: "
  COMMAND sh -c "sed 's/\"red\"/\"r\\\\u001bed\\\\nx\"/g' ${MS}/logs/valid/complete-3p.json | $<TARGET_FILE:catan-replay> -")
catan_cli_test(NAME replay_name_control_characters_message EXIT 2
  MATCH "^catan-replay: -: event 0: [^\n]*\\(seats: r\\\\eed\\\\nx, blue, white\\)\n$"
  COMMAND sh -c "sed 's/\"name\": \"red\"/\"name\": \"r\\\\u001bed\\\\nx\"/' ${MS}/logs/valid/complete-3p.json | $<TARGET_FILE:catan-replay> -")
# 2^63 and 2^64-1 are printed as given (they wrapped to negative numbers).
catan_cli_test(NAME replay_huge_number_as_given EXIT 2
  MATCH "^catan-replay: -: event 0: events\\[0\\]\\.vertex: expected an integer 0..53, got 9223372036854775808\n$"
  COMMAND sh -c "sed 's/\"vertex\": [0-9]*/\"vertex\": 9223372036854775808/' ${MS}/logs/valid/complete-3p.json | $<TARGET_FILE:catan-replay> -")
catan_cli_test(NAME board_huge_number_as_given EXIT 2
  MATCH "catan-board: -: robber: expected an integer 0..18, got 18446744073709551615\n$"
  COMMAND sh -c "sed 's/\"robber\": [0-9]*/\"robber\": 18446744073709551615/' ${MS}/boards/beginner.json | ${CB} check -")
# A soclog beginning with a UTF-8 byte-order mark is read (it was taken for a JSettlers
# 2.x event log).
catan_cli_test(NAME import_soclog_bom EXIT 0 MATCH "^{\n  \"board\": {"
  COMMAND sh -c "(printf '\\357\\273\\277' && cat ${MS}/real/human-game-1.soclog) | $<TARGET_FILE:catan-import> -")
# catan-import names what it recognises but does not read.
catan_cli_test(NAME import_names_board EXIT 2
  MATCH "^catan-import: [^\n]*beginner.json: a board \\(format \"catan-board\"\\), not a game record\n$"
  COMMAND $<TARGET_FILE:catan-import> ${MS}/boards/beginner.json)
catan_cli_test(NAME import_names_gzip EXIT 2
  MATCH "^catan-import: -: a gzip-compressed file \\(decompress it first"
  COMMAND sh -c "gzip -c ${MS}/real/human-game-1.soclog | $<TARGET_FILE:catan-import> -")
catan_cli_test(NAME import_names_empty EXIT 2 MATCH "^catan-import: -: empty input \\(no game record\\)\n$"
  COMMAND sh -c "printf '' | $<TARGET_FILE:catan-import> -")
# The examples of the README and the manual (tests/cli/readme_examples.py): transcripts
# compared exactly, other example commands checked for exit status and shape. About 5 s.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME cli.readme_examples
    COMMAND ${Python3_EXECUTABLE} ${CATAN_CLI_DIR}/readme_examples.py
            ${PROJECT_SOURCE_DIR} $<TARGET_FILE_DIR:catan-board>)
endif()
# File names with ESC, a newline, a tab and bytes that are not UTF-8, and input text quoting
# such bytes, are escaped (printable) in every tool's text output and messages
# (tests/cli/file_names_test.py, about 2 s).
if(Python3_FOUND)
  add_test(NAME cli.file_names
    COMMAND ${Python3_EXECUTABLE} ${CATAN_CLI_DIR}/file_names_test.py
            ${PROJECT_SOURCE_DIR} $<TARGET_FILE_DIR:catan-board>)
endif()
