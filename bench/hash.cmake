# The verification hashing benchmark (docs/benchmarks.md, "Hashing"). Included by
# bench/CMakeLists.txt.
add_executable(hash_bench ${CMAKE_CURRENT_LIST_DIR}/hash_bench.cpp)
target_link_libraries(hash_bench PRIVATE qptq_verify qptq_runner qptq_settings)
