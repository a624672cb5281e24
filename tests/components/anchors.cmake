# components study, calibration anchors (docs/studies/components.md "Calibration anchors"): the console parsers
# of scripts/anchors/lib.sh on captured ECL-CC, GAP and cxbench outputs, the samples.csv rows,
# egr2sg, and bash -n / shellcheck on the anchor scripts.
add_test(NAME components_anchors COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_anchors.sh $<TARGET_FILE:cxbench>)
