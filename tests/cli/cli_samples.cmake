# The sample logs (samples/logs, written by scripts/make_samples.py) through catan-replay:
# every valid sample at once exits 0; each invalid sample exits 1 with its verdict line
# (file, event index, rule id, message as in its .expected.json); each malformed log exits
# 2 with a message naming the event index and field.
set(SL ${PROJECT_SOURCE_DIR}/samples/logs)
set(RP $<TARGET_FILE:catan-replay>)

# Escapes the regular expression characters of a literal text.
function(catan_regex_escape out text)
  string(REGEX REPLACE "([][.*+?^$()|\\\\])" "\\\\\\1" escaped "${text}")
  set(${out} "${escaped}" PARENT_SCOPE)
endfunction()

file(GLOB SAMPLES_VALID CONFIGURE_DEPENDS ${SL}/valid/*.json ${SL}/valid/*.jsonl)
catan_cli_test(NAME samples_valid_all EXIT 0
  MATCH "complete-3p.json: valid, complete: red wins with 10 VP.*resign-2p.json: valid, complete: red wins with 2 VP.*whole-deck.json: valid, unfinished"
  COMMAND ${RP} ${SAMPLES_VALID})
catan_cli_test(NAME samples_valid_all_json EXIT 0
  MATCH "complete-3p.json\"[^\n]*\"outcome\":\"complete\"[^\n]*\"valid\":true[^\n]*\"winner\":\"red\""
  COMMAND ${RP} --format json ${SAMPLES_VALID})

file(GLOB SAMPLES_INVALID CONFIGURE_DEPENDS ${SL}/invalid/*.expected.json)
foreach(expected ${SAMPLES_INVALID})
  file(READ ${expected} spec)
  get_filename_component(stem ${expected} NAME)
  string(REPLACE ".expected.json" "" stem "${stem}")
  string(JSON rule GET "${spec}" rule_id)
  string(JSON index GET "${spec}" event_index)
  string(JSON message GET "${spec}" message_contains)
  string(JSON strict ERROR_VARIABLE no_strict GET "${spec}" strict)
  catan_regex_escape(message "${message}")
  set(flags)
  if(strict STREQUAL "ON")
    set(flags --strict)
  endif()
  if(index EQUAL -1)
    set(line "${stem}.json: ${rule}: [^\n]*${message}")
  else()
    set(line "${stem}.json: event ${index} \\(turn [0-9]+, [a-z]+ [^\n]*\\): ${rule}: [^\n]*${message}")
  endif()
  catan_cli_test(NAME samples_invalid_${stem} EXIT 1 MATCH "${line}"
    COMMAND ${RP} ${flags} ${SL}/invalid/${stem}.json)
endforeach()
# Two verdict lines in full: the event in plain words, its place named by its hexes.
catan_cli_test(NAME samples_invalid_exact_line EXIT 1
  MATCH "piece-limit.json: event 104 \\(turn 40, red builds a road between the mountains \\(10\\) and the hills \\(6\\) \\[edge 12\\]\\): piece-limit: red has all 15 roads on the board\n"
  COMMAND ${RP} ${SL}/invalid/piece-limit.json)
catan_cli_test(NAME samples_invalid_exact_line_claims EXIT 1
  MATCH "bank-shortage.json: event 38 \\(turn 13, red rolls 8 \\(6 \\+ 2\\)\\): bank-shortage: the log claims red received 1 ore; the rules give nothing\n"
  COMMAND ${RP} ${SL}/invalid/bank-shortage.json)

file(GLOB SAMPLES_MALFORMED CONFIGURE_DEPENDS ${SL}/malformed/*.expected.json)
foreach(expected ${SAMPLES_MALFORMED})
  file(READ ${expected} spec)
  string(JSON message GET "${spec}" message_contains)
  string(JSON index GET "${spec}" event_index)
  string(JSON index_type TYPE "${spec}" event_index)
  catan_regex_escape(message "${message}")
  set(event "")  # header or whole-file errors: the message follows the file name
  if(NOT index_type STREQUAL "NULL")
    set(event "event ${index}[:( ]")
  endif()
  get_filename_component(stem ${expected} NAME)
  string(REPLACE ".expected.json" "" stem "${stem}")
  file(GLOB log ${SL}/malformed/${stem}.json ${SL}/malformed/${stem}.jsonl)
  get_filename_component(logname ${log} NAME)
  catan_cli_test(NAME samples_malformed_${stem} EXIT 2
    MATCH "catan-replay: [^\n]*${logname}: ${event}[^\n]*${message}"
    COMMAND ${RP} ${log})
endforeach()
catan_cli_test(NAME samples_malformed_stdin EXIT 2
  MATCH "catan-replay: -: event 12 \\(line 14\\): not valid JSON"
  STDIN ${SL}/malformed/truncated-line.jsonl COMMAND ${RP} -)
