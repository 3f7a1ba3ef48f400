# SPDX-License-Identifier: BSD-3-Clause
# Kokkos from a TriBITS-generated config: Debian's libtrilinos-kokkos-dev (Kokkos 3.4, Serial)
# or any Trilinos install. Such a config's Kokkos::kokkos target names <prefix>/lib/include,
# which does not exist (CMake then stops at generate time), so this module builds
# KokkosDebian::kokkos from the variables that config does get right: Kokkos_INCLUDE_DIRS,
# Kokkos_LIBRARIES (imported targets or library names), Kokkos_LIBRARY_DIRS and
# Kokkos_TPL_LIBRARIES. Use after find_package(Kokkos CONFIG) has succeeded.
# Sets KokkosDebian_FOUND, KokkosDebian_INCLUDE_DIR, KokkosDebian_LIBRARIES.
include(FindPackageHandleStandardArgs)

find_path(KokkosDebian_INCLUDE_DIR Kokkos_Core.hpp
  HINTS ${Kokkos_INCLUDE_DIRS} PATH_SUFFIXES trilinos NO_DEFAULT_PATH)

set(KokkosDebian_LIBRARIES "")
set(_kokkos_debian_missing "")
foreach(_kokkos_debian_name IN LISTS Kokkos_LIBRARIES)
  if(TARGET ${_kokkos_debian_name})
    list(APPEND KokkosDebian_LIBRARIES ${_kokkos_debian_name})
  else()
    find_library(KokkosDebian_${_kokkos_debian_name}_LIBRARY ${_kokkos_debian_name}
      HINTS ${Kokkos_LIBRARY_DIRS})
    if(KokkosDebian_${_kokkos_debian_name}_LIBRARY)
      list(APPEND KokkosDebian_LIBRARIES ${KokkosDebian_${_kokkos_debian_name}_LIBRARY})
    else()
      list(APPEND _kokkos_debian_missing ${_kokkos_debian_name})
    endif()
  endif()
endforeach()
# A variable that is set only when every library was found, for the standard check below.
if(KokkosDebian_LIBRARIES AND NOT _kokkos_debian_missing)
  set(_kokkos_debian_all_libraries "${KokkosDebian_LIBRARIES}")
else()
  set(_kokkos_debian_all_libraries "")
endif()

find_package_handle_standard_args(KokkosDebian
  REQUIRED_VARS KokkosDebian_INCLUDE_DIR _kokkos_debian_all_libraries
  VERSION_VAR Kokkos_VERSION)

if(KokkosDebian_FOUND AND NOT TARGET KokkosDebian::kokkos)
  add_library(KokkosDebian::kokkos INTERFACE IMPORTED)
  # Imported include directories count as system headers: Kokkos' own warnings stay quiet.
  target_include_directories(KokkosDebian::kokkos INTERFACE ${KokkosDebian_INCLUDE_DIR})
  target_link_libraries(KokkosDebian::kokkos INTERFACE ${KokkosDebian_LIBRARIES}
                        ${Kokkos_TPL_LIBRARIES})
  target_compile_features(KokkosDebian::kokkos INTERFACE cxx_std_14)
endif()
unset(_kokkos_debian_name)
unset(_kokkos_debian_missing)
unset(_kokkos_debian_all_libraries)
