# catan-stats CLI tests: the report over the sample logs, exit statuses and messages, and
# the many-inputs script (threads, splits and merges, streams) for catan-stats and
# catan-replay.
set(ST $<TARGET_FILE:catan-stats>)
catan_cli_test(NAME stats_help EXIT 0 MATCH "Examples:.*merge"
  COMMAND ${ST} --help)
catan_cli_test(NAME stats_no_input EXIT 2 MATCH "no input"
  COMMAND ${ST})
catan_cli_test(NAME stats_samples EXIT 0
  MATCH "catan-stats: 7 inputs: 7 valid, 0 invalid, 0 malformed; 2 groups.*== 3 players, vp_to_win=10, dice standard ==\ngames 6 \\(complete 1, unfinished 5\\)"
  COMMAND ${ST} ${S}/logs/valid/all-roads.json ${S}/logs/valid/bank-shortage.json
          ${S}/logs/valid/complete-3p.json ${S}/logs/valid/dev-cards.json
          ${S}/logs/valid/resign-2p.json ${S}/logs/valid/resign-3p.jsonl
          ${S}/logs/valid/trades.json)
catan_cli_test(NAME stats_invalid_log EXIT 1
  MATCH "distance-rule.json: invalid: event [0-9]+ .*distance-rule"
  COMMAND ${ST} ${S}/logs/invalid/distance-rule.json)
catan_cli_test(NAME stats_missing_file EXIT 2 MATCH "no-such.json: cannot open"
  COMMAND ${ST} ${S}/no-such.json)
catan_cli_test(NAME stats_merge_nothing EXIT 2
  MATCH "^catan-stats: merge: no partial aggregates given \\(name the files that catan-stats --partial wrote, or - for standard input\\)\n$"
  COMMAND ${ST} merge)
catan_cli_test(NAME stats_merge_not_partial EXIT 2
  MATCH "complete-3p.json: line 1: expected a JSON object \\(a partial aggregate line\\)"
  COMMAND ${ST} merge ${S}/logs/valid/complete-3p.json)
add_test(NAME cli.stats_many_inputs
  COMMAND ${CATAN_CLI_DIR}/stats_cli_test.sh $<TARGET_FILE_DIR:catan-stats> ${S})
# The manual's multi-host recipe (docs/catan-stats.md) against an SSH server the test starts on the loopback
# interface (2,000 self-play games x CATAN_TEST_SCALE; GNU parallel, openssh-server, rsync).
add_test(NAME multihost.parallel_ssh
  COMMAND ${CATAN_CLI_DIR}/multihost_test.sh $<TARGET_FILE_DIR:catan-stats>)
set_tests_properties(multihost.parallel_ssh PROPERTIES TIMEOUT 600)
