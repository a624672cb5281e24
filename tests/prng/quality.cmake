# The in-house quality battery (docs/studies/prng.md): its maths, the negative controls'
# known answers, and the verdict-matrix gate, one ctest per generator of CXB_RNG_LIST
# (parsed from include/cxb/rng/all.h, so a generator added there gets its test) plus one
# for the controls, so that ctest -j parallelises them.
add_library(cxb_quality STATIC quality/battery.c quality/knuth.c quality/pvalue.c)
target_include_directories(cxb_quality PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(cxb_quality PUBLIC cxb m)

cxb_test(prng_quality_pvalue quality/test_pvalue.c)
target_link_libraries(prng_quality_pvalue PRIVATE cxb_quality)
cxb_test(prng_controls_kat quality/test_controls_kat.c)

add_executable(test_battery_matrix quality/test_battery_matrix.c)
target_link_libraries(test_battery_matrix PRIVATE cxb_quality)
set(CXB_QUALITY_ENV "CXB_SOURCE_DIR=${CMAKE_SOURCE_DIR}")

set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/include/cxb/rng/all.h)
file(READ ${CMAKE_SOURCE_DIR}/include/cxb/rng/all.h CXB_RNG_ALL_H)
string(REGEX MATCHALL "\n[ \t]*X\\(\"[A-Za-z0-9_]+\"" CXB_RNG_LINES "${CXB_RNG_ALL_H}")
set(CXB_RNG_NAMES "")
foreach(line ${CXB_RNG_LINES})
  string(REGEX REPLACE ".*X\\(\"([A-Za-z0-9_]+)\"" "\\1" gname "${line}")
  if(gname STREQUAL "mtgp32" AND NOT CXB_HAVE_MTGP32) # in the list only with the toolkit's table
    continue()
  endif()
  list(APPEND CXB_RNG_NAMES ${gname})
  add_test(NAME prng_battery_matrix_${gname} COMMAND test_battery_matrix --gen ${gname})
  set_tests_properties(prng_battery_matrix_${gname} PROPERTIES ENVIRONMENT "${CXB_QUALITY_ENV}" TIMEOUT 300)
endforeach()
add_test(NAME prng_battery_matrix_controls COMMAND test_battery_matrix --controls)
add_test(NAME prng_battery_matrix_list COMMAND test_battery_matrix --check-list ${CXB_RNG_NAMES})
set_tests_properties(prng_battery_matrix_controls prng_battery_matrix_list PROPERTIES
                     ENVIRONMENT "${CXB_QUALITY_ENV}" TIMEOUT 300)
# The poker / coupon / maximum-of-t / random-walk tests (knuth.c) and their laws against
# enumeration and closed forms.
cxb_test(prng_quality_knuth quality/test_knuth_laws.c)
target_link_libraries(prng_quality_knuth PRIVATE cxb_quality)
