# CATAN_PYTHON: build the Python module (python/). Its default is ON when python3 with its
# development files, pybind11 and numpy are found and the build is neither sanitized nor
# fuzzed. The library's layers are then compiled as position-independent code (lib/
# CMakeLists.txt), so that the module (a shared object) can link them.
set(CATAN_PYTHON_FOUND OFF)
if(NOT CATAN_SANITIZE AND NOT CATAN_FUZZ)
  if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The python3 of the Python module")
  endif()
  find_package(Python3 3.8 COMPONENTS Interpreter Development.Module)
  if(Python3_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
    execute_process(COMMAND ${Python3_EXECUTABLE} -c "import numpy"
                    RESULT_VARIABLE catan_numpy_missing OUTPUT_QUIET ERROR_QUIET)
    if(pybind11_FOUND AND catan_numpy_missing EQUAL 0)
      set(CATAN_PYTHON_FOUND ON)
    endif()
  endif()
endif()
option(CATAN_PYTHON "Build the Python module catan (pybind11, numpy)" ${CATAN_PYTHON_FOUND})
if(CATAN_PYTHON)
  if(CATAN_SANITIZE OR CATAN_FUZZ)
    message(FATAL_ERROR "CATAN_PYTHON: the Python module is not built with sanitizers "
                        "(an instrumented extension cannot be loaded into python3)")
  endif()
  if(NOT CATAN_PYTHON_FOUND)
    message(FATAL_ERROR "CATAN_PYTHON: needs python3 with its development files, pybind11 "
                        "and numpy (scripts/install-deps.sh installs them)")
  endif()
  message(STATUS "Python module: ${Python3_EXECUTABLE} (${Python3_VERSION}), pybind11 "
                 "${pybind11_VERSION}")
else()
  message(STATUS "Python module: not built (CATAN_PYTHON OFF)")
endif()
