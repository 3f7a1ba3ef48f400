# SPDX-License-Identifier: BSD-3-Clause
# Test helpers. Every test executable initialises MPI (testing/support/mpi_gtest_main.cpp), so
# serial suites run as MPI singletons and MPI suites under mpiexec with each rank count.
include(GoogleTest)

# hpcg_add_test_executable(NAME SOURCES...): a GoogleTest program linked with the benchmark.
function(hpcg_add_test_executable name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE hpcg_test_support)
  hpcg_set_target_options(${name})
endfunction()

# hpcg_add_unit_test(NAME SOURCES...): one CTest per test case, label `unit`.
function(hpcg_add_unit_test name)
  hpcg_add_test_executable(${name} ${ARGN})
  gtest_discover_tests(${name} PROPERTIES LABELS unit ENVIRONMENT OMP_NUM_THREADS=1
                       DISCOVERY_TIMEOUT 60)
endfunction()

# Open MPI's mpiexec refuses more ranks than cores without --oversubscribe, and root without
# the two OMPI_ALLOW_RUN_AS_ROOT variables (CI runs as root); MPICH needs neither.
set(HPCG_MPIEXEC_ENVIRONMENT "")
execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE mpiexec_version
                ERROR_QUIET TIMEOUT 20)
if(mpiexec_version MATCHES "OpenRTE|Open MPI")
  list(APPEND MPIEXEC_PREFLAGS --oversubscribe)
  set(HPCG_MPIEXEC_ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
endif()

# hpcg_add_mpi_test(NAME SOURCES... RANKS n...): one CTest per rank count, label `mpi`.
# All rank counts are kept even above the core count; the ranks wait yielding the core.
function(hpcg_add_mpi_test name)
  cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;RANKS" ${ARGN})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 300)
  endif()
  hpcg_add_test_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE hpcg_test_yielding_waits)
  set(environment OMP_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE ${HPCG_MPIEXEC_ENVIRONMENT})
  foreach(ranks IN LISTS ARG_RANKS)
    add_test(NAME ${name}.np${ranks}
             COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} ${MPIEXEC_PREFLAGS}
                     $<TARGET_FILE:${name}> ${MPIEXEC_POSTFLAGS})
    set_tests_properties(${name}.np${ranks} PROPERTIES LABELS mpi PROCESSORS ${ranks}
                         TIMEOUT ${ARG_TIMEOUT} ENVIRONMENT "${environment}")
  endforeach()
endfunction()
