# catan-eval CLI tests: win probabilities of the real STAC human game 1 (samples/real), with
# few rollouts (the numbers are the library tests' concern: tests/analysis/forecast_test.cpp).
set(E $<TARGET_FILE:catan-eval>)
set(HUMAN ${PROJECT_SOURCE_DIR}/samples/real/human-game-1.soclog)
catan_cli_test(NAME eval_version EXIT 0 MATCH "catan-eval [0-9]+\\.[0-9]+\\.[0-9]+"
  COMMAND ${E} --version)
catan_cli_test(NAME eval_help EXIT 0 MATCH "Examples:"
  COMMAND ${E} --help)
# The table: a row per turn (70: the setup's end and turns 1-69), the end decided.
catan_cli_test(NAME eval_table EXIT 0
  MATCH "win probabilities from 4 rollouts a position \\(builder players, seed 3\\).*\n turn  event     player_c     player_a     player_b\n    0     11 .*\n   69    234      0.0% ±0      0.0% ±0    100.0% ±0\nturning points:\n  .*end: player_b won \\(turn 69\\)\n$"
  COMMAND ${E} --rollouts 4 --policy builder --seed 3 ${HUMAN})
catan_cli_test(NAME eval_stdin EXIT 0 MATCH "^catan-import --from soclog -: win probabilities.*end: player_b won"
  STDIN ${HUMAN} COMMAND ${E} --rollouts 2 --turns 10 -)
catan_cli_test(NAME eval_csv EXIT 0
  MATCH "^file.event.turn.player.p.se.vp.production\n[^\n]*human-game-1.soclog.234.69.player_c.0.0000.0.0000.5.[0-9]+\n[^\n]*player_a.0.0000.0.0000.4.[0-9]+\n[^\n]*player_b.1.0000.0.0000.9.[0-9]+\n$"
  COMMAND ${E} --rollouts 2 --turns 100% --format csv ${HUMAN})
catan_cli_test(NAME eval_at EXIT 0
  MATCH "after event 130, the moves ranked by the mover's win probability.*player_b builds a settlement on the coast at the SW corner of the pasture \\(8\\)  \\(played\\)"
  COMMAND ${E} --rollouts 4 --at 130 ${HUMAN})
catan_cli_test(NAME eval_at_past_end EXIT 2 MATCH "catan-eval: --at: event 5000 is not an event of the log \\(0 to 234\\)"
  COMMAND ${E} --at 5000 ${HUMAN})
catan_cli_test(NAME eval_bad_rollouts EXIT 2 MATCH "--rollouts"
  COMMAND ${E} --rollouts 0 ${HUMAN})
catan_cli_test(NAME eval_bad_turns EXIT 2
  MATCH "catan-eval: --turns: expected turn numbers or shares like 25%. comma-separated. got \"half\""
  COMMAND ${E} --turns half ${HUMAN})
catan_cli_test(NAME eval_bad_policy EXIT 2 MATCH "--policy"
  COMMAND ${E} --policy search ${HUMAN})
catan_cli_test(NAME eval_board_input EXIT 2 MATCH "catan-eval: .*beginner.json"
  COMMAND ${E} ${PROJECT_SOURCE_DIR}/samples/boards/beginner.json)
catan_cli_test(NAME eval_missing_file EXIT 2 MATCH "no-such.json: cannot open"
  COMMAND ${E} ${PROJECT_SOURCE_DIR}/samples/no-such.json)
# A log that breaks a rule: the positions up to the violation, exit 1.
catan_cli_test(NAME eval_invalid_log EXIT 1 MATCH "end: the log breaks a rule at event [0-9]+"
  COMMAND ${E} --rollouts 2 ${PROJECT_SOURCE_DIR}/samples/logs/invalid/bank-empty.json)
# catan-place --evaluate: the opening values beside the pip scores (the first seat's win rate;
# the pair's second spot left open by the others).
catan_cli_test(NAME place_evaluate EXIT 0
  MATCH "Opening values: the first of 4 seats opens there, every seat plays greedy, 8 games each on the same dice \\(seed 1\\).*\n  baseline \\(greedy's own opening\\): +[0-9.]+% ±[0-9.]+ \\(8 games\\)\n  vertex  35 +\\(score  19.13\\): +[0-9.]+% ±[0-9.]+ \\(8 games\\)\n  pair  35 then  41 \\(score  40.15\\): +[0-9.]+% ±[0-9.]+ \\(8 games\\)\n$"
  COMMAND $<TARGET_FILE:catan-place> ${PROJECT_SOURCE_DIR}/samples/boards/beginner.json --top 1 --pairs 1 --evaluate 8)
# The tracking bound is catan-replay's: refused past --max-memory before any replay.
catan_cli_test(NAME eval_max_states_memory EXIT 2
  MATCH "^catan-eval: --max-states 100000000 may take 97657 MB \\(1024 bytes a state\\), past --max-memory 1024 MB: give --max-states 1048576 or fewer, or raise --max-memory\n$"
  COMMAND ${E} --max-states 100000000 ${HUMAN})
