# The judge of catan-eval's forecasts (scripts/eval-accuracy.py, docs/catan-eval.md
# "Accuracy against real outcomes") on 5 real games with a winner and 1 without, at 10
# rollouts a position (a few seconds): the table's rows, the game skipped, and the uniform
# baseline's exact scores. Uniform, STAC (two 3-player games, one 4-player): Brier
# (2 (4/9 + 2/9) + 9/16 + 3/16) / 10 = 0.2083, log loss
# (2 (ln 3 + 2 ln 3/2) + ln 4 + 3 ln 4/3) / 10 = 0.6068; colonist.io (a 2-player and a
# 4-player game): Brier (1/4 + 1/4 + 12/16) / 6 = 0.2083.
if(Python3_FOUND AND EXISTS ${CATAN_DATA_DIR}/stac/human-game-1.soclog)
  execute_process(COMMAND ${Python3_EXECUTABLE} -c "import numpy"
                  RESULT_VARIABLE catan_no_numpy OUTPUT_QUIET ERROR_QUIET)
  if(catan_no_numpy EQUAL 0)
    set(F "\\*\\*0\\.[0-9][0-9][0-9]\\*\\*")
    set(N "[01]\\.[0-9][0-9][0-9]")
    catan_cli_test(NAME eval_accuracy_script EXIT 0
      MATCH "8 games with a winner; 1 skipped.*\\| colonist\\.io \\| 2 \\(1\\) \\| 50% \\| [0-9]+ \\| ${F} \\| 0\\.208 \\| ${N} \\| ${N} \\|.*\\| STAC \\| 3 \\(0\\) \\| 75% \\| [0-9]+ \\| ${F} \\| 0\\.208 \\| ${N} \\| ${N} \\| ${N} \\| 0\\.607 \\|.*colonist\\.io: `colonist-dataset/colonist-2p-194320018\\.json` \\(unfinished\\).*Calibration at 75% of the game, all 8 games pooled.*\\| 0\\.9–1\\.0 \\| [0-9]+ \\|"
      COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/eval-accuracy.py
              --catan-eval $<TARGET_FILE:catan-eval> --rollouts 10 --corpus STAC
              --corpus colonist.io --corpus "JSettlers2 robots 4p" --max-games 3 ${CATAN_DATA_DIR})
  endif()
endif()
