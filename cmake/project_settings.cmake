# INTERFACE targets that every first-party target links privately: language level, warnings,
# sanitizers. Third-party code never sees them.
add_library(qptq_settings INTERFACE)
target_compile_features(qptq_settings INTERFACE cxx_std_20)
target_compile_options(qptq_settings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
  -Wcast-align -Wunused -Woverloaded-virtual -Wnull-dereference -Wformat=2)
if(QPTQ_WERROR OR DEFINED ENV{CI})
  target_compile_options(qptq_settings INTERFACE -Werror)
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

# qptq_add_module(NAME SOURCES... PUBLIC_DEPS ... DEPS ... TEST_DEPS ...): a static library
# qptq_<NAME> whose tests are the *_test.cpp files beside it, linked into one gtest binary
# <NAME>_tests. PUBLIC_DEPS: what its headers include (consumers need it too); DEPS: what only
# its sources use (private). Which modules a module may name here is src/layers.txt, checked
# by scripts/check_layers.py.
function(qptq_add_module name)
  cmake_parse_arguments(M "" "" "SOURCES;PUBLIC_DEPS;DEPS;TEST_DEPS" ${ARGN})
  if(M_SOURCES)
    add_library(qptq_${name} STATIC ${M_SOURCES})
    target_include_directories(qptq_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
    target_link_libraries(qptq_${name} PUBLIC ${M_PUBLIC_DEPS} PRIVATE ${M_DEPS} qptq_settings)
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
      gtest_discover_tests(${name}_tests DISCOVERY_TIMEOUT 60 PROPERTIES LABELS unit)
    endif()
  endif()
endfunction()
