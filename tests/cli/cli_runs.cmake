# Nothing overwritten, nothing counted twice, one clear message (issue 43): an output that
# is an input, a game read twice, a folder of another run's logs, the catanstats CSV,
# --stats with --html, the one-line board's fields, --taken before the board.
set(RS ${PROJECT_SOURCE_DIR}/samples)
set(RUNS ${CMAKE_CURRENT_BINARY_DIR}/runs-test)
file(MAKE_DIRECTORY ${RUNS})
set(RUNS_ARGS $<TARGET_FILE_DIR:catan-replay> ${RS} ${RUNS})
set(SAME "is the input \\$W/in.json \\(the same file\\); write the output to another file")
catan_cli_test(NAME runs_output_is_input EXIT 0
  MATCH "^replay-same: exit 2, input kept, catan-replay: \\$W/in.json: ${SAME}\\|
replay-symlink: exit 2, input kept, catan-replay: \\$W/link.json: ${SAME}\\|
replay-relative: exit 2, input kept, catan-replay: ../in.json: ${SAME}\\|
replay-hard-link: exit 2, input kept, catan-replay: \\$W/hard.json: ${SAME}\\|
replay-stdin: exit 2, input kept, catan-replay: \\$W/in.json: is the input - \\(standard input\\) \\(the same file\\); write the output to another file\\|
roads-svg: exit 2, input kept, catan-roads: \\$W/pos.json: is the input \\$W/pos.json \\(the same file\\); write the output to another file\\|
place-svg: exit 2, input kept, catan-place: \\$W/board.json: is the input \\$W/board.json \\(the same file\\); write the output to another file\\|
place-weights: exit 2, input kept, catan-place: \\$W/w.json: is the input \\$W/w.json \\(the same file\\); write the output to another file\\|
replay-other: exit 0, input kept, catan-replay: wrote the replay page \\$W/page.html \\([0-9]+ events, [0-9]+ KB\\)\\|
$"
  COMMAND ${CATAN_CLI_DIR}/runs_test.sh same-file ${RUNS_ARGS})
catan_cli_test(NAME runs_stale_sim_folder EXIT 0
  MATCH "^first-run: exit 0, input kept, 
other-seed: exit 2, input kept, catan-sim: \\$W/d: holds the logs of another run \\(its seed is 1, this run's 2\\); give a new or empty folder\\|
other-players: exit 2, input kept, catan-sim: \\$W/d: holds the logs of another run \\(its players is 4, this run's 3\\); give a new or empty folder\\|
other-format: exit 2, input kept, catan-sim: \\$W/d: holds the logs of another run \\(its log_format is json, this run's jsonl\\); give a new or empty folder\\|
same-run-again: exit 0, input kept, 
same-run-part: exit 0, input kept, 
logs: game-000001.json game-000002.json game-000003.json game-000004.json 
no-marker: exit 2, input kept, catan-sim: \\$W/old: holds game logs \\(game-000001.json\\) but no run marker: an earlier run's; give a new or empty folder\\|
old: game-000001.json 
$"
  COMMAND ${CATAN_CLI_DIR}/runs_test.sh stale-folder ${RUNS_ARGS})
set(TWICE "\\(its group, outcome, length, dice and winner match\\), read twice in one run; give each game once \\(--skip-repeats counts it once\\)")
catan_cli_test(NAME runs_repeated_games EXIT 0
  MATCH "^twice: exit 2, input kept, catan-stats: ${RS}/logs/valid/complete-3p.json: the same game as ${RS}/logs/valid/complete-3p.json ${TWICE}\\|
partial-twice: exit 2, input kept, catan-stats: ${RS}/logs/valid/complete-3p.json: the same game as ${RS}/logs/valid/complete-3p.json ${TWICE}\\|
copy: exit 2, input kept, catan-stats: \\$W/copy.json: the same game as ${RS}/logs/valid/complete-3p.json ${TWICE}\\|
two-formats: exit 2, input kept, catan-stats: \\$W/human.json: the same game as ${RS}/real/human-game-1.soclog ${TWICE}\\|
skip: exit 0, input kept, catan-stats: skipped 2 games read twice, counted once: \\$W/copy.json \\(as ${RS}/logs/valid/complete-3p.json\\), ...\\|
catan-stats: 1 input: 1 valid, 0 invalid, 0 malformed; 1 group
$"
  COMMAND ${CATAN_CLI_DIR}/runs_test.sh repeats ${RUNS_ARGS})
catan_cli_test(NAME runs_output_folders EXIT 0
  MATCH "^roads-svg: exit 0, input kept, 
replay-html: exit 0, input kept, catan-replay: wrote the replay page \\$W/c/page.html \\([0-9]+ events, [0-9]+ KB\\)\\|
place-svg: exit 0, input kept, 
stats-plots: exit 0, input kept, catan-stats: wrote 3 plots \\(\\$W/e/stats-<group>-dice.svg, -seats.svg, -pips.svg\\):|  group 1 \\(3 players, unlimited_bank=true, vp_to_win=10, dice standard\\): \\$W/e/stats-1-dice.svg \\$W/e/stats-1-seats.svg \\$W/e/stats-1-pips.svg\\|
sim-out: exit 0, input kept, 
a/b/x.svg c/page.html d/heat.svg e/stats-1-dice.svg e/stats-1-pips.svg e/stats-1-seats.svg f/g/.catan-sim-run f/g/game-000001.json 
$"
  COMMAND ${CATAN_CLI_DIR}/runs_test.sh folders ${RUNS_ARGS})
if(EXISTS ${CATAN_DATA_DIR}/catanstats/catanstats.csv)
  set(CSV_ROW "\\(one per column of the header\\)")
  catan_cli_test(NAME runs_catanstats_one_reader EXIT 0
    MATCH "^place-swapped: exit 2, input kept, catan-place: \\$W/swapped.csv: line 2: game 1 has 50 players \\(expected 2..6\\)\\|
stats-swapped: exit 2, input kept, catan-stats: \\$W/swapped.csv: line 2: game 1 has 50 players \\(expected 2..6\\)\\|
place-one-player: exit 2, input kept, catan-place: \\$W/one-player.csv: line 2: game 1 has 1 player \\(expected 2..6\\)\\|
stats-one-player: exit 2, input kept, catan-stats: \\$W/one-player.csv: line 2: game 1 has 1 player \\(expected 2..6\\)\\|
place-short: exit 2, input kept, catan-place: \\$W/short.csv: line 2: 35 cells, expected 36 ${CSV_ROW}\\|
stats-short: exit 2, input kept, catan-stats: \\$W/short.csv: line 2: 35 cells, expected 36 ${CSV_ROW}\\|
place-long: exit 2, input kept, catan-place: \\$W/long.csv: line 3: 37 cells, expected 36 ${CSV_ROW}\\|
stats-long: exit 2, input kept, catan-stats: \\$W/long.csv: line 3: 37 cells, expected 36 ${CSV_ROW}\\|
place-bom: exit 0, input kept, 
stats-bom: exit 0, input kept, 
place-one-game: exit 0, input kept, 
catanstats: 4 player-games in 1 game; opening pips = token pips of the 6 hexes around both starting settlements
correlations and least squares: not shown below 30 player-games \\(the table has 4\\)
$"
    COMMAND ${CATAN_CLI_DIR}/runs_test.sh catanstats ${RUNS_ARGS} ${CATAN_DATA_DIR})
endif()
catan_cli_test(NAME runs_messages EXIT 0
  MATCH "^huge-number: exit 2, input kept, catan-replay: \\$W/huge.json: not valid JSON: line 1, column 12: number out of range \\(99999999999999999999... \\(100005 characters\\)\\)\\|
nul-byte: exit 2, input kept, catan-import: \\$W/nul.soclog:24: SOCGameState: state is not a number: \"0\\\\0x\"\\|
  \"error\": \"[^\"]*/nul.soclog:24: SOCGameState: state is not a number: \\\\\"0\\\\u0000x\\\\\"\",
nul-board: exit 2, input kept, catan-replay: \\$W/nul-board.soclog:107: SOCBoardLayout: hexLayout is not a number: \"6\\\\0x\"\\|
nul-jsettlers2: exit 2, input kept, catan-stats: \\$W/nul-js.soclog:185: SOCDiceResult: param is not a number: \"9\\\\0x\"\\|
nul-class: exit 2, input kept, catan-import: \\$W/nul-class.soclog:185: SOCDice\\\\0Result: unknown message class\\|
bidi-name: exit 0, input kept, 
\\$W/bidi.json: valid, complete: red[\\\\]u202Etxt.exe wins with 10 VP on turn 49 \\(49 rolls, 129 events\\)
stats-html: exit 0, input kept, catan-replay: wrote the replay page \\$W/page.html \\(129 events, [0-9]+ KB\\)\\|
1
taken: exit 0, input kept, 
Opening placements: standard board, robber on hex 9 \\(desert\\), taken: 20 35; 46 legal vertices
$"
  COMMAND ${CATAN_CLI_DIR}/runs_test.sh messages ${RUNS_ARGS})
# --max-states is refused past the memory it may take (--max-memory, 1 KB a state), and
# tracking shows its progress on a terminal only; a page past --max-page-events is refused.
catan_cli_test(NAME runs_tracking EXIT 0
  MATCH "^max-states: exit 2, input kept, catan-replay: --max-states 100000000 may take 97657 MB \\(1024 bytes a state\\), past --max-memory 1024 MB: give --max-states 1048576 or fewer, or raise --max-memory\\|
max-memory: exit 2, input kept, catan-replay: --max-states 2000 may take 2 MB \\(1024 bytes a state\\), past --max-memory 1 MB: give --max-states 1024 or fewer, or raise --max-memory\\|
allowed: exit 0, input kept, 
terminal: '.rcatan-replay: \\$S/logs/hidden/complete-3p-spectator.json: event 1 of 129, 1 state, 0 s.r.n'
pipe: exit 0, input kept, 
page-limit: exit 2, input kept, catan-replay: [^ ]*/logs/hidden/complete-3p-spectator.json: --html: the game has 129 events, past --max-page-events 128: its page would take about 69 KB \\(and about 4 KB an event of memory to write\\); give --max-page-events 129 to write it\\|
page-allowed: exit 0, input kept, catan-replay: wrote the replay page \\$W/p.html \\(129 events, [0-9]+ KB\\)\\|
$"
  COMMAND ${CATAN_CLI_DIR}/runs_test.sh tracking ${RUNS_ARGS})
