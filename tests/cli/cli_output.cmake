# Write errors (issue 11, item 1): every tool checks what it writes. A full disk
# (/dev/full), a closed standard output (>&-) or an unwritable file gives one line
# "<tool>: <destination>: <reason>" and exit 2; a reader that stops early (EPIPE) stops the
# tool quietly by SIGPIPE; a file is renamed into place only when complete.
set(OS ${PROJECT_SOURCE_DIR}/samples)
set(OUTDIR ${CMAKE_CURRENT_BINARY_DIR}/output-test)
file(MAKE_DIRECTORY ${OUTDIR})
# A full device checked first (tests/cli/full_device.sh): never a redirect to a path that may
# not be one.
set(FULL_DEVICE ${CATAN_CLI_DIR}/full_device.sh ${OUTDIR}/full-device)
set(catan_output_cmd_board "$<TARGET_FILE:catan-board> generate --seed 1 --count 3 --format jsonl")
set(catan_output_cmd_replay "$<TARGET_FILE:catan-replay> ${OS}/logs/valid/complete-3p.json")
set(catan_output_cmd_roads "$<TARGET_FILE:catan-roads> ${OS}/positions/ring-spur.json")
set(catan_output_cmd_place "$<TARGET_FILE:catan-place> ${OS}/boards/beginner.json")
set(catan_output_cmd_import "$<TARGET_FILE:catan-import> ${OS}/real/human-game-1.soclog")
set(catan_output_cmd_sim "$<TARGET_FILE:catan-sim> --seed 1 --games 2")
set(catan_output_cmd_stats "$<TARGET_FILE:catan-stats> ${OS}/logs/valid/complete-3p.json")
set(catan_output_cmd_eval "$<TARGET_FILE:catan-eval> --rollouts 2 --turns 0 ${OS}/real/human-game-1.soclog")
foreach(tool board replay roads place import sim stats eval)
  set(cmd "${catan_output_cmd_${tool}}")
  catan_cli_test(NAME output_full_disk_${tool} EXIT 2
    MATCH "^catan-${tool}: standard output: No space left on device\n$"
    COMMAND ${FULL_DEVICE} "${cmd}")
  catan_cli_test(NAME output_closed_stdout_${tool} EXIT 2
    MATCH "^catan-${tool}: standard output: Bad file descriptor\n$"
    COMMAND sh -c "${cmd} $<ANGLE-R>&-")
  # --help is output too
  catan_cli_test(NAME output_help_full_disk_${tool} EXIT 2
    MATCH "^catan-${tool}: standard output: No space left on device\n$"
    COMMAND ${FULL_DEVICE} "$<TARGET_FILE:catan-${tool}> --help")
endforeach()
# A long stream stops at the first failed write instead of generating on.
catan_cli_test(NAME output_full_disk_long_stream EXIT 2
  MATCH "^catan-board: standard output: No space left on device\n$"
  COMMAND ${FULL_DEVICE} "$<TARGET_FILE:catan-board> generate --seed 1 --count 1000000000 --format jsonl")
# EPIPE: `| head -c 1` ends the writer by SIGPIPE (status 141), with nothing on stderr.
catan_cli_test(NAME output_epipe_quiet EXIT 0 MATCH "^epipe: status 141, stderr empty\n$"
  COMMAND ${CATAN_CLI_DIR}/output_test.sh epipe $<TARGET_FILE_DIR:catan-board> ${OS} ${OUTDIR})
# Files: a path through a regular file, a directory (a folder that does not exist is made,
# as for every output option: tests/cli/cli_runs.cmake).
catan_cli_test(NAME output_svg_not_a_folder EXIT 2
  MATCH "^catan-place: ${OS}/boards/beginner.json/x.svg: Not a directory\n$"
  COMMAND $<TARGET_FILE:catan-place> --svg ${OS}/boards/beginner.json/x.svg ${OS}/boards/beginner.json)
catan_cli_test(NAME output_svg_is_directory EXIT 2
  MATCH "^catan-roads: ${OUTDIR}: Is a directory\n$"
  COMMAND $<TARGET_FILE:catan-roads> --svg ${OUTDIR} ${OS}/positions/ring-spur.json)
catan_cli_test(NAME output_sim_out_not_a_folder EXIT 2
  MATCH "^catan-sim: ${OS}/boards/beginner.json: cannot create directory"
  COMMAND $<TARGET_FILE:catan-sim> --games 1 --out ${OS}/boards/beginner.json)
# A run that fails while writing a file (the file size limit, 1 KiB, with SIGXFSZ ignored
# so that write(2) fails with EFBIG) leaves the old file as it was and no temporary file.
foreach(tool roads place sim replay stats)
  catan_cli_test(NAME output_no_truncated_file_${tool} EXIT 0
    MATCH "catan-${tool}: [^\n]*: File too large\n${tool}: exit 2, old file kept, no temporary file\n$"
    COMMAND ${CATAN_CLI_DIR}/output_test.sh ${tool} $<TARGET_FILE_DIR:catan-board> ${OS} ${OUTDIR})
endforeach()
# Without /dev/full the helper makes its own full device or skips; it never creates the
# missing path (issue 29, item 7).
catan_cli_test(NAME output_full_device_made EXIT 0
  MATCH "^made-full: exit 2, catan-board: standard output: No space left on device, nothing created at the path\n$"
  COMMAND ${CATAN_CLI_DIR}/output_test.sh made-full $<TARGET_FILE_DIR:catan-board> ${OS} ${OUTDIR})
# Output targets that are not regular files are written through, a symlink's target gets
# the file (issue 29, item 1).
catan_cli_test(NAME output_target_device EXIT 0
  MATCH "^device: exit 0, still a character device\n$"
  COMMAND ${CATAN_CLI_DIR}/output_test.sh device $<TARGET_FILE_DIR:catan-board> ${OS} ${OUTDIR})
catan_cli_test(NAME output_target_fifo EXIT 0
  MATCH "^fifo: exit 0, still a FIFO, reader got 1 svg\n$"
  COMMAND ${CATAN_CLI_DIR}/output_test.sh fifo $<TARGET_FILE_DIR:catan-board> ${OS} ${OUTDIR})
catan_cli_test(NAME output_target_symlink EXIT 0
  MATCH "^symlink: exit 0, still a symlink, target written, no temporary file\n$"
  COMMAND ${CATAN_CLI_DIR}/output_test.sh symlink $<TARGET_FILE_DIR:catan-board> ${OS} ${OUTDIR})
catan_cli_test(NAME output_target_process_substitution EXIT 0
  MATCH "^procsub: exit 0, reader got 1 svg\n$"
  COMMAND ${CATAN_CLI_DIR}/output_test.sh procsub $<TARGET_FILE_DIR:catan-board> ${OS} ${OUTDIR})
