# SPDX-License-Identifier: BSD-3-Clause
# hpcg_set_target_options(TARGET): warnings and CPU tuning on a target, never in global flags.
function(hpcg_set_target_options target)
  target_compile_options(${target} PRIVATE
    $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow>)
  if(HPCG_ENABLE_NATIVE)
    target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU,Clang>:-march=native>)
  endif()
endfunction()
