# AIX trace logs (hook-word entries): reader, writer, entry layout.
target_sources(tracekit_lib PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/layout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/writer.cpp
)
