# Embeds data files (schemas, knowledge, message catalogs) into the binary so that the tool
# works from any directory. Each file becomes a byte array keyed by its repo-relative path.
function(qptq_embed_files target out_cpp)
  cmake_parse_arguments(E "" "" "FILES" ${ARGN})
  add_custom_command(
    OUTPUT ${out_cpp}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out_cpp} -DROOT=${PROJECT_SOURCE_DIR} "-DFILES=${E_FILES}"
            -P ${PROJECT_SOURCE_DIR}/cmake/embed_run.cmake
    DEPENDS ${E_FILES} ${PROJECT_SOURCE_DIR}/cmake/embed_run.cmake
    COMMENT "Embedding ${target} data files" VERBATIM)
  target_sources(${target} PRIVATE ${out_cpp})
  # Its own translation unit in a unity build: a change to a data file recompiles only it.
  set_source_files_properties(${out_cpp} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
