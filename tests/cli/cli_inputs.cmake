# One verdict per input (issue 11, item 5): catan-replay --format json writes a record for
# every input, a malformed one too; several inputs give JSON Lines in input order;
# --files-from FILE|- (newline- or, with -0, NUL-separated). catan-roads reads several
# inputs and JSON Lines of positions. Messages (item 7): a directory is "is a directory".
set(IS ${PROJECT_SOURCE_DIR}/samples)
set(INDIR ${CMAKE_CURRENT_BINARY_DIR}/inputs-test)
file(MAKE_DIRECTORY ${INDIR})
catan_cli_test(NAME replay_json_lone_malformed EXIT 2
  MATCH "^{\n  \"error\": \"[^\n]*unknown-player.json: [^\n]*\",\n  \"file\": \"[^\n]*unknown-player.json\",\n  \"outcome\": \"malformed\",\n  \"valid\": false\n}\n"
  COMMAND $<TARGET_FILE:catan-replay> --format json ${IS}/logs/malformed/unknown-player.json)
file(WRITE ${INDIR}/list.txt
  "${IS}/logs/valid/resign-3p.jsonl\n${IS}/logs/malformed/unknown-player.json\n\n${IS}/logs/invalid/turn-order.json\n")
set(three_records "^[^\n]*\"file\":\"[^\n]*resign-3p.jsonl\"[^\n]*\n[^\n]*\"file\":\"[^\n]*unknown-player.json\",\"outcome\":\"malformed\"[^\n]*\n[^\n]*\"file\":\"[^\n]*turn-order.json\"[^\n]*\ncatan-replay: ")
catan_cli_test(NAME replay_files_from EXIT 2 MATCH "${three_records}"
  COMMAND $<TARGET_FILE:catan-replay> --format json --files-from ${INDIR}/list.txt)
catan_cli_test(NAME replay_files_from_stdin EXIT 2 MATCH "${three_records}" STDIN ${INDIR}/list.txt
  COMMAND $<TARGET_FILE:catan-replay> --format json --files-from -)
catan_cli_test(NAME replay_files_from_nul EXIT 2 MATCH "${three_records}"
  COMMAND sh -c "printf '%s\\0%s\\0%s\\0' ${IS}/logs/valid/resign-3p.jsonl ${IS}/logs/malformed/unknown-player.json ${IS}/logs/invalid/turn-order.json | $<TARGET_FILE:catan-replay> --format json --files-from - -0")
catan_cli_test(NAME replay_files_from_and_stdin EXIT 2
  MATCH "^catan-replay: --files-from -: standard input cannot be both"
  COMMAND $<TARGET_FILE:catan-replay> --files-from - -)
catan_cli_test(NAME replay_no_input EXIT 2 MATCH "^catan-replay: no input"
  COMMAND $<TARGET_FILE:catan-replay>)
catan_cli_test(NAME replay_directory EXIT 2
  MATCH "^catan-replay: ${IS}/logs: is a directory\n$"
  COMMAND $<TARGET_FILE:catan-replay> ${IS}/logs)
# catan-roads: several inputs, one record each (JSON Lines); JSON Lines of positions
catan_cli_test(NAME roads_several_inputs EXIT 0
  MATCH "^{[^\n]*\"longest_road\":\"red\",[^\n]*ring-spur.json\"}}\n{[^\n]*\"longest_road\":\"blue\",[^\n]*cut-transfer.json\"}}\n$"
  COMMAND $<TARGET_FILE:catan-roads> --format json ${IS}/positions/ring-spur.json ${IS}/positions/cut-transfer.json)
catan_cli_test(NAME roads_position_lines EXIT 0
  MATCH "^two-positions.jsonl:1\n.*longest road: red \\(7 roads\\)\n.*two-positions.jsonl:2\n.*longest road: blue \\(5 roads\\)\n"
  COMMAND sh -c "cd ${IS}/positions && $<TARGET_FILE:catan-roads> two-positions.jsonl")
catan_cli_test(NAME roads_position_lines_json EXIT 0
  MATCH "^{[^\n]*\"longest_road\":\"red\",[^\n]*\"line\":1}}\n{[^\n]*\"longest_road\":\"blue\",[^\n]*\"line\":2}}\n$"
  COMMAND $<TARGET_FILE:catan-roads> --format json ${IS}/positions/two-positions.jsonl)
catan_cli_test(NAME roads_files_from EXIT 0 MATCH "ring-spur.json\n.*cut-transfer.json\n"
  COMMAND sh -c "ls ${IS}/positions/ring-spur.json ${IS}/positions/cut-transfer.json | sort -r | $<TARGET_FILE:catan-roads> --files-from -")
catan_cli_test(NAME roads_svg_several EXIT 2 MATCH "^catan-roads: --svg [^\n]*x.svg: draws one position; 2 inputs given\n$"
  COMMAND $<TARGET_FILE:catan-roads> --svg ${INDIR}/x.svg ${IS}/positions/ring-spur.json ${IS}/positions/cut-transfer.json)
# A malformed input quoted in the error record: bytes that are not UTF-8 become U+FFFD,
# the record is still JSON (was "internal error: invalid UTF-8 byte", no record). The
# byte 0xFF is put in place of '~' by tr.
file(WRITE ${INDIR}/bad-byte.jsonl "{\"format\":\"catan-log\",\"version\":1,\"seats\":[{\"name\":\"r~\"}]}\n")
catan_cli_test(NAME replay_json_malformed_bytes EXIT 2
  MATCH "^{\n  \"error\": \"-: [^\n]*\",\n  \"file\": \"-\",\n  \"outcome\": \"malformed\",\n  \"valid\": false\n}\ncatan-replay: -: "
  COMMAND sh -c "tr '~' '\\377' < ${INDIR}/bad-byte.jsonl | $<TARGET_FILE:catan-replay> --format json -")
catan_cli_test(NAME stats_partial_malformed_bytes EXIT 2
  MATCH "^{\"all_games\":[^\n]*\"malformed\":1[^\n]*}\n{\"dice\":[^\n]*\"message\":\"-: [^\n]*\",\"outcome\":\"malformed\""
  COMMAND sh -c "tr '~' '\\377' < ${INDIR}/bad-byte.jsonl | $<TARGET_FILE:catan-stats> --partial -")
