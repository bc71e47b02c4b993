# Runs CMD (a ;-list), optionally feeding the file STDIN, and checks the exit code
# (EXPECT_EXIT) and that stdout+stderr match the regular expression MATCH.
if(STDIN)
  execute_process(COMMAND ${CMD} INPUT_FILE ${STDIN} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
else()
  execute_process(COMMAND ${CMD} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endif()
set(all "${out}${err}")
if(NOT "${rc}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "exit ${rc}, expected ${EXPECT_EXIT}\n--- output ---\n${all}")
endif()
if(MATCH AND NOT all MATCHES "${MATCH}")
  message(FATAL_ERROR "output does not match '${MATCH}'\n--- output ---\n${all}")
endif()
