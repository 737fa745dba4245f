# INTERFACE targets that every first-party target links privately: language level, warnings,
# sanitizers. Third-party code never sees them.
add_library(qptq_settings INTERFACE)
target_compile_features(qptq_settings INTERFACE cxx_std_20)
target_compile_options(qptq_settings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
  -Wcast-align -Wunused -Woverloaded-virtual -Wnull-dereference -Wformat=2)
if(QPTQ_WERROR OR DEFINED ENV{CI})
  target_compile_options(qptq_settings INTERFACE -Werror)
endif()
# GCC 12 with optimisation warns inside libstdc++'s own std::string code (basic_string.h and
# char_traits.h, inlined into our functions): stringop-overflow, array-bounds and
# maybe-uninitialized, 20 of them in the Release build of the quick start, none at -O0 (the
# Debug builds of scripts/test.sh, -Werror in CI). They point at no line of ours, so they are off
# for that compiler in optimised builds only, where a person running the quick start reads them.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12 AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(qptq_settings INTERFACE
    $<$<NOT:$<CONFIG:Debug>>:-Wno-stringop-overflow -Wno-array-bounds -Wno-maybe-uninitialized>)
endif()
# valijson calls abort() on a bad schema unless exceptions are enabled; we catch them in core/schema.cpp.
target_compile_definitions(qptq_settings INTERFACE VALIJSON_USE_EXCEPTIONS=1 $<$<CONFIG:Debug>:_GLIBCXX_ASSERTIONS>)

# A fuzz build instruments every first-party library for libFuzzer's coverage, under ASan and
# UBSan; the *_fuzz executables add libFuzzer itself (-fsanitize=fuzzer).
if(QPTQ_BUILD_FUZZERS)
  target_compile_options(qptq_settings INTERFACE -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(qptq_settings INTERFACE -fsanitize=address,undefined)
endif()

if(QPTQ_SANITIZE)
  string(REPLACE ";" "," _qptq_san "${QPTQ_SANITIZE}")
  target_compile_options(qptq_settings INTERFACE -fsanitize=${_qptq_san} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(qptq_settings INTERFACE -fsanitize=${_qptq_san})
endif()

# Precompiled headers: nlohmann-json (about 2 s of parsing per translation unit in a Debug
# build), the standard headers most files use and, for the test binaries, GoogleTest. Not fmt:
# its CMake target defines FMT_SHARED for the targets that link it, and GCC refuses a
# precompiled header made with a definition the translation unit lacks.
# Two precompiled headers per build directory, compiled once and reused by every module and
# every test binary (REUSE_FROM), since all of them compile with the same flags. They make no
# difference to what compiles: the check of the include graph (scripts/check_layers.py) reads
# the sources, not the compiler. Off for the fuzz build (clang is stricter about reusing a
# header across targets whose definitions differ) and when QPTQ_PCH=OFF.
option(QPTQ_PCH "Precompile the common third-party and standard headers" ON)
set(_qptq_pch_on OFF)
if(QPTQ_PCH AND NOT QPTQ_BUILD_FUZZERS)
  set(_qptq_pch_on ON)
  set(_qptq_pch_headers <algorithm> <cstdint> <filesystem> <functional> <map> <memory>
    <optional> <set> <string> <string_view> <utility> <variant> <vector>
    <nlohmann/json.hpp>)
  file(WRITE ${PROJECT_BINARY_DIR}/qptq_pch.cpp "// the translation unit that carries the shared precompiled header\n")
  add_library(qptq_pch STATIC ${PROJECT_BINARY_DIR}/qptq_pch.cpp)
  target_link_libraries(qptq_pch PRIVATE qptq_settings nlohmann_json::nlohmann_json)
  target_precompile_headers(qptq_pch PRIVATE ${_qptq_pch_headers})
  if(QPTQ_BUILD_TESTS)
    add_library(qptq_test_pch STATIC ${PROJECT_BINARY_DIR}/qptq_pch.cpp)
    target_link_libraries(qptq_test_pch PRIVATE qptq_settings nlohmann_json::nlohmann_json
      GTest::gtest GTest::gmock)
    target_precompile_headers(qptq_test_pch PRIVATE ${_qptq_pch_headers} <gtest/gtest.h> <gmock/gmock.h>)
  endif()
endif()
# qptq_use_pch(TARGET [TEST]): TARGET reuses the shared precompiled header; TEST: the one with
# GoogleTest, for targets that link GTest (its target defines GTEST_HAS_PTHREAD, which the
# header then needs).
function(qptq_use_pch target)
  if(NOT _qptq_pch_on)
    return()
  endif()
  if(ARGV1 STREQUAL "TEST")
    target_precompile_headers(${target} REUSE_FROM qptq_test_pch)
  else()
    target_precompile_headers(${target} REUSE_FROM qptq_pch)
  endif()
endfunction()

# Unity builds: each first-party library and test binary compiles as ONE translation unit that
# includes all its sources (UNITY_BUILD_BATCH_SIZE 0). With the precompiled header above, most
# of a Debug compile is still spent per translation unit on the same inline and template code
# (nlohmann-json, fmt, GoogleTest, the module's own headers) and its debug information; one
# unity TU pays it once. Measured cold (no ccache) on src/plan's 19 library sources: 49.8 CPU-s
# separately, 9.9 CPU-s as one unity TU (docs/benchmarks.md, "CI time"). One TU per target and
# not batches of a few: which files share a TU then does not change when a file is added, so a
# clash of two internal-linkage names in one module shows at once and always the same way.
# The files that clash today (a helper of the same name as another file's, in an anonymous
# namespace) are named OWN_TU in their module's qptq_add_module and compile on their own.
# OFF by default, and not yet used by scripts/test.sh: a clash need not be an error. Two
# helpers of one name with different parameter types become overloads in one TU, and a call
# may then pick the other file's: src/envprobe's system_probe.cpp trim(std::string_view) lost
# to data_readiness.cpp's trim(std::string) (RecordedProbe.NvidiaH200 failed: " 9.0"), so that
# file is OWN_TU too. Enable it only after the whole suite passes with -DQPTQ_UNITY=ON and the
# same-named internal helpers of each module have distinct names. Never for the fuzz build.
option(QPTQ_UNITY "Compile each first-party target as one unity translation unit" OFF)
function(qptq_unity target)
  if(QPTQ_UNITY AND NOT QPTQ_BUILD_FUZZERS)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0)
  endif()
endfunction()

# qptq_add_module(NAME SOURCES... PUBLIC_DEPS ... DEPS ... TEST_DEPS ...): a static library
# qptq_<NAME> whose tests are the *_test.cpp files beside it, linked into one gtest binary
# <NAME>_tests. PUBLIC_DEPS: what its headers include (consumers need it too); DEPS: what only
# its sources use (private). Which modules a module may name here is src/layers.txt, checked
# by scripts/check_layers.py. OWN_TU: sources and tests (file names in the module's directory)
# kept out of the unity translation unit.
function(qptq_add_module name)
  cmake_parse_arguments(M "" "" "SOURCES;PUBLIC_DEPS;DEPS;TEST_DEPS;OWN_TU" ${ARGN})
  if(M_OWN_TU)
    list(TRANSFORM M_OWN_TU PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/)
    set_source_files_properties(${M_OWN_TU} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
  if(M_SOURCES)
    add_library(qptq_${name} STATIC ${M_SOURCES})
    target_include_directories(qptq_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
    target_link_libraries(qptq_${name} PUBLIC ${M_PUBLIC_DEPS} PRIVATE ${M_DEPS} qptq_settings)
    qptq_use_pch(qptq_${name})
    qptq_unity(qptq_${name})
  else()
    # A module whose sources have not landed yet: headers only.
    add_library(qptq_${name} INTERFACE)
    target_include_directories(qptq_${name} INTERFACE ${PROJECT_SOURCE_DIR}/src)
    target_link_libraries(qptq_${name} INTERFACE ${M_PUBLIC_DEPS} ${M_DEPS})
  endif()
  if(QPTQ_BUILD_TESTS)
    file(GLOB _tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*_test.cpp)
    if(_tests)
      add_executable(${name}_tests ${_tests})
      target_link_libraries(${name}_tests PRIVATE qptq_${name} qptq_test_support ${M_TEST_DEPS}
        GTest::gtest GTest::gmock GTest::gtest_main qptq_settings)
      target_compile_definitions(${name}_tests PRIVATE
        QPTQ_SOURCE_DIR="${PROJECT_SOURCE_DIR}" QPTQ_BINARY_DIR="${PROJECT_BINARY_DIR}")
      qptq_use_pch(${name}_tests TEST)
      qptq_unity(${name}_tests)
      gtest_discover_tests(${name}_tests DISCOVERY_TIMEOUT 60 PROPERTIES LABELS unit)
    endif()
  endif()
endfunction()
