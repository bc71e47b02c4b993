# The layers of lib/ (lib/CMakeLists.txt) as the compiler sees them. For every layer, with
# exactly the include directories its target compiles with: a header of its own folder and
# of each folder below it compiles, and the header of every folder above it is a missing
# header, an error at compile time (not at link time). Included from tests/CMakeLists.txt.
set(allowed "")
set(order ${CATAN_LAYERS})
foreach(layer IN LISTS CATAN_LAYERS)
  # one public header of each folder: the first by name
  file(GLOB headers ${PROJECT_SOURCE_DIR}/lib/catan/${layer}/*.hpp)
  list(GET headers 0 header)
  file(RELATIVE_PATH header ${PROJECT_SOURCE_DIR}/lib ${header})
  set(header_of_${layer} ${header})
endforeach()
foreach(layer IN LISTS CATAN_LAYERS)
  list(APPEND allowed ${header_of_${layer}})
  list(REMOVE_AT order 0)
  set(forbidden "")
  foreach(upper IN LISTS order)
    list(APPEND forbidden ${header_of_${upper}})
  endforeach()
  string(REPLACE ";" "|" allowed_arg "${allowed}")
  string(REPLACE ";" "|" forbidden_arg "${forbidden}")
  add_test(NAME layers.${layer}
    COMMAND ${CMAKE_COMMAND} -DCOMPILER=${CMAKE_CXX_COMPILER} -DLAYER=${layer}
            "-DINCLUDES=$<JOIN:$<TARGET_PROPERTY:catan_${layer},INCLUDE_DIRECTORIES>,|>"
            "-DALLOWED=${allowed_arg}" "-DFORBIDDEN=${forbidden_arg}"
            -DWORK=${CMAKE_CURRENT_BINARY_DIR}/layers
            -P ${CMAKE_CURRENT_SOURCE_DIR}/layers_check.cmake)
endforeach()
