# Detection of the optional dependencies and the flags every target shares.
# Each optional dependency ends as one CXB_HAVE_* switch in generated/cxb/config.h.

# ---- warnings and floating point: lf24 and friends must not contract (docs/studies/prng.md) ----
add_compile_options($<$<COMPILE_LANGUAGE:C>:-Wall> $<$<COMPILE_LANGUAGE:C>:-Wextra>
                    $<$<COMPILE_LANGUAGE:C>:-ffp-contract=off>
                    # bounded snprintf into fixed buffers is deliberate: truncation is checked where it matters
                    $<$<COMPILE_LANGUAGE:C>:-Wno-format-truncation>)

if(CXB_SANITIZE STREQUAL "address")
  # float-cast-overflow: not part of gcc's "undefined" set; an out-of-range double to integer
  # cast is undefined behaviour that a reader of untrusted numbers can reach
  add_compile_options(-fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer
                      -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined,float-cast-overflow)
elseif(CXB_SANITIZE STREQUAL "thread")
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
elseif(NOT CXB_SANITIZE STREQUAL "")
  message(FATAL_ERROR "CXB_SANITIZE must be '', address or thread, not '${CXB_SANITIZE}'")
endif()

# ---- libFuzzer (tests/fuzz): coverage in every C object, ASan+UBSan; fuzz targets link the driver ----
if(CXB_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "CXB_FUZZ=ON needs clang: cmake -DCMAKE_C_COMPILER=clang (tests/fuzz/run.sh)")
  endif()
  if(NOT CXB_SANITIZE STREQUAL "")
    message(FATAL_ERROR "CXB_FUZZ=ON brings its own sanitizers; leave CXB_SANITIZE empty")
  endif()
  add_compile_options($<$<COMPILE_LANGUAGE:C>:-fsanitize=fuzzer-no-link,address,undefined>
                      $<$<COMPILE_LANGUAGE:C>:-fno-sanitize-recover=all>
                      $<$<COMPILE_LANGUAGE:C>:-fno-omit-frame-pointer> $<$<COMPILE_LANGUAGE:C>:-g>)
  add_link_options(-fsanitize=address,undefined)
  # the text readers' block buffer: 128 KiB instead of 8 MiB (still twice the longest line),
  # so that inputs cross block boundaries and a run does not pay for 8 MiB of shadow memory
  add_compile_definitions(CXB_LINES_BUF=131072u)
  # bootstrap resamples: 20 instead of 2000 (harness/stats.h); the resampling code runs all the same
  add_compile_definitions(CXB_STATS_BOOT_B=20u)
endif()

# ---- CUDA ----
set(CXB_HAVE_CUDA 0)
set(CXB_HAVE_CURAND 0)
if(NOT CXB_CUDA STREQUAL "OFF")
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)
    endif()
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    set(CMAKE_CUDA_STANDARD 17)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    # --fmad=false: the prng cores are exact integer/float operations; the rule is global
    # (docs/studies/prng.md) so that no backend can differ by contraction.
    string(APPEND CMAKE_CUDA_FLAGS " --fmad=false -Xcompiler=-Wall")
    set(CXB_HAVE_CUDA 1)
    if(TARGET CUDA::curand)
      set(CXB_HAVE_CURAND 1)
    else()
      message(STATUS "cxbench: libcurand not found - the cuRAND peer rows are not built")
    endif()
  elseif(CXB_CUDA STREQUAL "ON")
    message(FATAL_ERROR "CXB_CUDA=ON but no CUDA compiler (nvcc) was found")
  else()
    message(STATUS "cxbench: nvcc not found - building without CUDA")
  endif()
endif()

# ---- hwloc ----
set(CXB_HAVE_HWLOC 0)
if(NOT CXB_HWLOC STREQUAL "OFF")
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(HWLOC QUIET IMPORTED_TARGET hwloc)
  endif()
  if(HWLOC_FOUND)
    set(CXB_HAVE_HWLOC 1)
  elseif(CXB_HWLOC STREQUAL "ON")
    message(FATAL_ERROR "CXB_HWLOC=ON but hwloc was not found (apt-get install libhwloc-dev)")
  else()
    message(STATUS "cxbench: hwloc not found - threads will not be pinned (apt-get install libhwloc-dev)")
  endif()
endif()

# An optional header + library: PREFIX_INCLUDE_DIR, PREFIX_LIBRARY and CXB_HAVE_<NAME> (0/1) by
# the AUTO|ON|OFF option CXB_<NAME>; not found under ON is an error, under AUTO a note saying what
# goes missing and which package brings it.
function(cxb_find_optional NAME PREFIX HEADER LIB PACKAGE MISSING)
  set(have 0)
  if(NOT CXB_${NAME} STREQUAL "OFF")
    find_path(${PREFIX}_INCLUDE_DIR ${HEADER})
    find_library(${PREFIX}_LIBRARY ${LIB})
    if(${PREFIX}_INCLUDE_DIR AND ${PREFIX}_LIBRARY)
      set(have 1)
    elseif(CXB_${NAME} STREQUAL "ON")
      message(FATAL_ERROR "CXB_${NAME}=ON but ${LIB} was not found (apt-get install ${PACKAGE})")
    else()
      message(STATUS "cxbench: ${LIB} not found - ${MISSING} (apt-get install ${PACKAGE})")
    endif()
  endif()
  set(CXB_HAVE_${NAME} ${have} PARENT_SCOPE)
endfunction()

# cJSON: compare reads provenance.json; METIS: the propagation study's metis partitioner
cxb_find_optional(CJSON CJSON cjson/cJSON.h cjson libcjson-dev "compare cannot check provenance")
cxb_find_optional(METIS METIS metis.h metis libmetis-dev "propagation's --partition metis is not built")

find_program(CXB_GNUPLOT gnuplot)
if(NOT CXB_GNUPLOT)
  set(CXB_GNUPLOT "")
  message(STATUS "cxbench: gnuplot not found - figures are written as data and .gp scripts only")
endif()
find_program(CXB_VALGRIND valgrind)
include(CheckIncludeFile)
check_include_file(valgrind/callgrind.h CXB_HAVE_CALLGRIND_H)
if(CXB_VALGRIND AND CXB_HAVE_CALLGRIND_H)
  set(CXB_HAVE_CALLGRIND 1)
else()
  set(CXB_HAVE_CALLGRIND 0)
  set(CXB_VALGRIND "")
endif()
find_program(CXB_GIT git)

# Build-time facts for provenance (docs/method.md).
set(CXB_GIT_COMMIT "unknown")
if(CXB_GIT)
  execute_process(COMMAND ${CXB_GIT} rev-parse HEAD WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
                  OUTPUT_VARIABLE CXB_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
endif()
string(TOUPPER "${CMAKE_BUILD_TYPE}" CXB_BT_UPPER)
set(CXB_C_FLAGS_ALL "${CMAKE_C_FLAGS} ${CMAKE_C_FLAGS_${CXB_BT_UPPER}}")
set(CXB_CUDA_FLAGS_ALL "${CMAKE_CUDA_FLAGS} ${CMAKE_CUDA_FLAGS_${CXB_BT_UPPER}}")

function(cxb_link_optional target)
  if(CXB_HAVE_CUDA)
    target_link_libraries(${target} PUBLIC CUDA::cudart)
    if(CXB_HAVE_CURAND) # cuRAND: the peer rows of the prng study
      target_link_libraries(${target} PUBLIC CUDA::curand)
    endif()
    set_target_properties(${target} PROPERTIES CUDA_SEPARABLE_COMPILATION OFF)
  endif()
  if(CXB_HAVE_HWLOC)
    target_link_libraries(${target} PUBLIC PkgConfig::HWLOC)
  endif()
  if(CXB_HAVE_CJSON)
    target_include_directories(${target} PRIVATE ${CJSON_INCLUDE_DIR})
    target_link_libraries(${target} PUBLIC ${CJSON_LIBRARY})
  endif()
  if(CXB_HAVE_METIS)
    target_include_directories(${target} PRIVATE ${METIS_INCLUDE_DIR})
    target_link_libraries(${target} PUBLIC ${METIS_LIBRARY})
  endif()
endfunction()
