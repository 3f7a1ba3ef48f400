# SPDX-License-Identifier: BSD-3-Clause
# The cuda backend's build switch. HPCG_ENABLE_CUDA: AUTO builds the plugin (and the device
# path of xstream-triad) when CMake finds the CUDA toolkit (nvcc; /usr/local/cuda is searched),
# ON requires it, OFF skips it. There is no GPU to detect at build time, so
# CMAKE_CUDA_ARCHITECTURES defaults to 90 (H100/H200); one architecture keeps CI's compile time
# short. A macro, not a function: enable_language() must run at directory scope. Sets
# HPCG_CUDA_FOUND.
set(HPCG_ENABLE_CUDA AUTO CACHE STRING
    "Build the cuda plugin and xstream-triad --device: AUTO (when CUDA is found), ON or OFF")
set_property(CACHE HPCG_ENABLE_CUDA PROPERTY STRINGS AUTO ON OFF)

macro(hpcg_find_cuda)
  set(HPCG_CUDA_FOUND FALSE)
  if(NOT HPCG_ENABLE_CUDA STREQUAL "OFF")
    find_package(CUDAToolkit QUIET)
    if(CUDAToolkit_FOUND AND NOT CMAKE_CUDA_COMPILER)
      set(CMAKE_CUDA_COMPILER "${CUDAToolkit_NVCC_EXECUTABLE}")
    endif()
    if(CUDAToolkit_FOUND)
      if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
        set(CMAKE_CUDA_ARCHITECTURES 90 CACHE STRING "GPU architectures of the cuda backend")
      endif()
      enable_language(CUDA)
      set(HPCG_CUDA_FOUND TRUE)
      message(STATUS "cuda backend: CUDA ${CUDAToolkit_VERSION}, sm_${CMAKE_CUDA_ARCHITECTURES}")
    elseif(HPCG_ENABLE_CUDA STREQUAL "ON")
      message(FATAL_ERROR "HPCG_ENABLE_CUDA=ON but the CUDA toolkit was not found "
                          "(-DCUDAToolkit_ROOT=<toolkit> or nvcc on PATH)")
    else()
      message(STATUS "cuda backend: not built (no CUDA toolkit found; -DCUDAToolkit_ROOT=<dir>)")
    endif()
  endif()
endmacro()
