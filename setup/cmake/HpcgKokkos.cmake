# SPDX-License-Identifier: BSD-3-Clause
# The kokkos backend's build switch and its one dependency target. HPCG_ENABLE_KOKKOS: AUTO
# builds the backend when find_package(Kokkos) succeeds (-DKokkos_ROOT=<install> selects an
# install), ON requires it, OFF skips it. hpcg_find_kokkos() defines the INTERFACE target
# hpcg_kokkos (an install's Kokkos::kokkos, or KokkosDebian::kokkos where that target is broken,
# see FindKokkosDebian.cmake) and sets HPCG_KOKKOS_FOUND and HPCG_KOKKOS_DESCRIPTION.
set(HPCG_ENABLE_KOKKOS AUTO CACHE STRING
    "Build the kokkos backend: AUTO (when Kokkos is found), ON (require Kokkos) or OFF")
set_property(CACHE HPCG_ENABLE_KOKKOS PROPERTY STRINGS AUTO ON OFF)

# Sets ${result} to TRUE when Kokkos::kokkos exists and every directory it asks consumers to
# include exists (Debian's TriBITS config points it at <prefix>/lib/include).
function(_hpcg_kokkos_target_usable result)
  set(${result} FALSE PARENT_SCOPE)
  if(NOT TARGET Kokkos::kokkos)
    return()
  endif()
  get_target_property(directories Kokkos::kokkos INTERFACE_INCLUDE_DIRECTORIES)
  if(directories)
    foreach(directory IN LISTS directories)
      if(NOT directory MATCHES "^\\$<" AND NOT IS_DIRECTORY "${directory}")
        return()
      endif()
    endforeach()
  endif()
  set(${result} TRUE PARENT_SCOPE)
endfunction()

function(_hpcg_kokkos_not_found mode reason)
  if(mode STREQUAL "AUTO")
    message(STATUS "kokkos backend: not built (${reason}; "
                   "-DKokkos_ROOT=<install> or setup/kokkos.sh)")
  else()
    message(FATAL_ERROR "HPCG_ENABLE_KOKKOS=ON but ${reason}. Give -DKokkos_ROOT=<Kokkos install>, "
                        "run setup/kokkos.sh, or install Debian's libtrilinos-kokkos-dev.")
  endif()
endfunction()

function(hpcg_find_kokkos)
  set(HPCG_KOKKOS_FOUND FALSE PARENT_SCOPE)
  string(TOUPPER "${HPCG_ENABLE_KOKKOS}" mode)
  if(NOT mode STREQUAL "AUTO")
    if(NOT HPCG_ENABLE_KOKKOS)
      return()
    endif()
    set(mode ON)
  endif()
  # Kokkos' configs force CMAKE_CXX_EXTENSIONS=OFF into the cache when it is unset, which would
  # change every target's -std flag from the second configure on. Set here, function-local, it
  # keeps them quiet; the backend's own target turns extensions off itself.
  set(CMAKE_CXX_EXTENSIONS OFF)
  find_package(Kokkos CONFIG QUIET)
  if(NOT Kokkos_FOUND)
    _hpcg_kokkos_not_found(${mode} "no Kokkos CMake package was found")
    return()
  endif()
  _hpcg_kokkos_target_usable(usable)
  if(usable)
    set(target Kokkos::kokkos)
  else()
    find_package(KokkosDebian QUIET)
    if(NOT KokkosDebian_FOUND)
      _hpcg_kokkos_not_found(${mode} "Kokkos::kokkos of ${Kokkos_DIR} is broken and its \
headers or libraries were not found")
      return()
    endif()
    set(target KokkosDebian::kokkos)
  endif()
  add_library(hpcg_kokkos INTERFACE)
  target_link_libraries(hpcg_kokkos INTERFACE ${target})
  string(REPLACE ";" "," devices "${Kokkos_DEVICES}")
  set(HPCG_KOKKOS_FOUND TRUE PARENT_SCOPE)
  set(HPCG_KOKKOS_DESCRIPTION
      "Kokkos ${Kokkos_VERSION} (${devices}) via ${target} from ${Kokkos_DIR}" PARENT_SCOPE)
endfunction()
