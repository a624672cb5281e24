# The components study's CUDA variants (docs/studies/components.md): k1, k2 (also ordered by
# degree), k3, unionfind (several thresholds) and afforest (several rounds and samples) give the
# reference's labels on every test family and edge case; iteration bounds; the Fermi texture
# refusal. CUDA builds only; skips (77) without a GPU.
if(CXB_HAVE_CUDA)
  cxb_test(components_cuda test_components_cuda.c)
endif()
