# catan-sim CLI tests: seeded self-play writes logs that catan-replay accepts.
catan_cli_test(NAME sim_version EXIT 0 MATCH "catan-sim [0-9]+\\.[0-9]+\\.[0-9]+"
  COMMAND $<TARGET_FILE:catan-sim> --version)
catan_cli_test(NAME sim_help EXIT 0 MATCH "Examples:"
  COMMAND $<TARGET_FILE:catan-sim> --help)
catan_cli_test(NAME sim_bad_players EXIT 2 MATCH "--players"
  COMMAND $<TARGET_FILE:catan-sim> --players 7)
catan_cli_test(NAME sim_board_and_random EXIT 2 MATCH "excludes"
  COMMAND $<TARGET_FILE:catan-sim> --board ${PROJECT_SOURCE_DIR}/samples/boards/beginner.json --random-board)
catan_cli_test(NAME sim_missing_board EXIT 2 MATCH "no-such.json: cannot open"
  COMMAND $<TARGET_FILE:catan-sim> --board ${PROJECT_SOURCE_DIR}/samples/no-such.json)
catan_cli_test(NAME sim_malformed_board EXIT 2 MATCH "malformed-unknown-terrain.json"
  COMMAND $<TARGET_FILE:catan-sim> --board ${PROJECT_SOURCE_DIR}/samples/boards/invalid/malformed-unknown-terrain.json)
catan_cli_test(NAME sim_summary EXIT 0 MATCH "games: 20 \\(complete [0-9]+, unfinished [0-9]+\\)"
  COMMAND $<TARGET_FILE:catan-sim> --seed 1 --games 20 --verify)
catan_cli_test(NAME sim_summary_json EXIT 0 MATCH "\"games\": 20"
  COMMAND $<TARGET_FILE:catan-sim> --seed 1 --games 20 --players 3 --summary json --verify)
catan_cli_test(NAME sim_turn_cap EXIT 0 MATCH "games: 5 \\(complete 0, unfinished 5\\)"
  COMMAND $<TARGET_FILE:catan-sim> --games 5 --turn-cap 2 --verify)
# 50 games through the CLI, JSON and JSONL, fixed and random boards: every log replays valid.
set(SIM_OUT ${CMAKE_CURRENT_BINARY_DIR}/sim-logs)
add_test(NAME cli.sim_logs_replay
  COMMAND ${CMAKE_COMMAND} -DSIM=$<TARGET_FILE:catan-sim> -DREPLAY=$<TARGET_FILE:catan-replay>
          -DOUT=${SIM_OUT} -P ${CATAN_CLI_DIR}/cli_sim_replay.cmake)
# Policies (--policies, --rotate; $<COMMA> is a comma inside the command's generator expression): a bad name, a list of one, --players beside it; the
# summary's per-policy lines (greedy wins every game against random here).
catan_cli_test(NAME sim_bad_policy EXIT 2
  MATCH "policy: expected random, builder, greedy or search, got \"smart\""
  COMMAND $<TARGET_FILE:catan-sim> --policies greedy$<COMMA>smart)
catan_cli_test(NAME sim_one_policy EXIT 2 MATCH "policies: expected 2..6 names \\(one per seat\\), got 1"
  COMMAND $<TARGET_FILE:catan-sim> --policies greedy)
catan_cli_test(NAME sim_policies_and_players EXIT 2 MATCH "excludes"
  COMMAND $<TARGET_FILE:catan-sim> --policies greedy$<COMMA>random --players 3)
catan_cli_test(NAME sim_policies_summary EXIT 0
  MATCH "policies \\(seats rotated\\):\n  random   seats 30, wins 0 \\(0.00%, 95% CI 0.00-11.35%\\), mean VP [0-9.]+, mean length [0-9.]+ turns\n  greedy   seats 10, wins 10 \\(100.00%, 95% CI 72.25-100.00%\\)"
  COMMAND $<TARGET_FILE:catan-sim> --seed 2 --games 10 --policies greedy$<COMMA>random$<COMMA>random$<COMMA>random --rotate)
