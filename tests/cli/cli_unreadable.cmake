# Issue 41, item 1, one way in: every tool that reads games tells an input once
# (lib/catan/import/input.hpp) and gives the same message for the same unreadable input, with
# a line and column where the format has them and the byte escaped.
# (No ',' or ';' in a COMMAND: they split the command list.)
set(IN ${PROJECT_SOURCE_DIR}/samples)
set(IN_LOG ${IN}/logs/valid/complete-3p.json)
set(IN_LINES ${IN}/logs/valid/resign-3p.jsonl)
foreach(tool replay roads stats import eval)
  set(T $<TARGET_FILE:catan-${tool}>)
  # A compressed file is named as such (catan-replay, catan-roads and catan-stats said "not
  # valid JSON: line 1, column 9: a NUL byte").
  catan_cli_test(NAME input_${tool}_gzip EXIT 2
    MATCH "catan-${tool}: -: a gzip-compressed file \\(decompress it first: gzip -dc FILE \\| catan-import -\\)\n$"
    COMMAND sh -c "gzip -c ${IN_LOG} | ${T} -")
  # A byte that is not UTF-8 (a Latin-1 name): where, and the byte (escaped as every message
  # is printed; nlohmann's "syntax error ... ill-formed UTF-8 byte; last read: ..." before).
  catan_cli_test(NAME input_${tool}_latin1 EXIT 2
    MATCH "catan-${tool}: -: not valid JSON: line 4, column 24: byte \\\\xE9 is not UTF-8 \\(JSON is UTF-8 text: is the file Latin-1 or another 8-bit encoding\\?\\)\n$"
    COMMAND sh -c "sed 's/\"red\"/\"r\\xe9d\"/' ${IN_LOG} | ${T} -")
  # Text after the end of the document: where it starts, and what.
  catan_cli_test(NAME input_${tool}_trailing EXIT 2
    MATCH "catan-${tool}: -: not valid JSON: line 138, column 1: text after the end of the JSON document \\(from 'g'\\)\n$"
    COMMAND sh -c "(cat ${IN_LOG} && echo garbage) | ${T} -")
endforeach()
# One line of JSON Lines: the column in that line.
foreach(tool replay roads stats import)
  catan_cli_test(NAME input_${tool}_line_trailing EXIT 2
    MATCH "catan-${tool}: -: event 1 \\(line 3\\): not valid JSON: column 53: text after the end of the JSON document \\(from 'x'\\)\n$"
    COMMAND sh -c "sed '3s/}$/} x/' ${IN_LINES} | $<TARGET_FILE:catan-${tool}> -")
endforeach()
# A catanatron record and a colonist.io replay that are not JSON say where and why (they said
# only "not valid JSON").
foreach(tool replay import)
  catan_cli_test(NAME input_${tool}_catanatron_trailing EXIT 2
    MATCH "catan-${tool}: -: not valid JSON: line [0-9]+, column [0-9]+: text after the end of the JSON document \\(from 'x'\\)\n$"
    COMMAND sh -c "(cat ${IN}/real/catanatron-longest-road-undercount.json && echo x) | $<TARGET_FILE:catan-${tool}> -")
  catan_cli_test(NAME input_${tool}_colonist_trailing EXIT 2
    MATCH "catan-${tool}: -: not valid JSON: line [0-9]+, column [0-9]+: text after the end of the JSON document \\(from 'x'\\)\n$"
    COMMAND sh -c "(cat ${IN}/real/colonist-1v1-210696208.json && echo x) | $<TARGET_FILE:catan-${tool}> -")
endforeach()
# A NUL byte: the same words from every tool (the place, never the byte itself, which would cut
# the message).
foreach(tool replay roads stats import)
  catan_cli_test(NAME input_${tool}_nul EXIT 2
    MATCH "catan-${tool}: -: not valid JSON: line 4, column 24: a NUL byte \\(JSON has none\\)\n$"
    COMMAND sh -c "sed 's/\"red\"/\"r\\x00d\"/' ${IN_LOG} | $<TARGET_FILE:catan-${tool}> -")
endforeach()
