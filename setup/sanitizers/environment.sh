# SPDX-License-Identifier: BSD-3-Clause
# The environment of a sanitized run (setup/test.sh --sanitize sources it; source it yourself to
# rerun one test: `. setup/sanitizers/environment.sh; ctest --test-dir build/sanitize -R NAME`).
# mpiexec passes it on to every rank. A sanitizer report exits with status 86, which no
# program here uses, so a test expecting a failure (status 1, 2, ...) cannot mistake it for one.
sanitizers=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export ASAN_OPTIONS="exitcode=86:detect_leaks=1:halt_on_error=1:strict_string_checks=1:check_initialization_order=1"
export LSAN_OPTIONS="exitcode=86:suppressions=$sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="exitcode=86:halt_on_error=1:print_stacktrace=1:suppressions=$sanitizers/ubsan.supp"
# MPICH's hwloc loads its PCI plugin in MPI_Init and unloads it; memory allocated under it
# then shows as a leak from an "<unknown module>", which no suppression can name. xhpcg needs no
# PCI topology, so the plugin is not loaded at all.
export HWLOC_PLUGINS_BLACKLIST=hwloc_pci
