#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the Debian 12 packages this project needs, and only those that are missing.
# Usage: setup/install_deps.sh [--tests]   (--tests adds GoogleTest, Debian's Kokkos, whose
#                                         Serial backend the tests build the kokkos backend on,
#                                         Slurm and munge for the slurm tier, and Open MPI)
# Debian's package lock (a fresh cloud machine runs its own updates at boot) is waited for,
# at most HPCG_APT_LOCK_WAIT seconds (default 600).
set -euo pipefail

packages=(g++ make cmake mpich libmpich-dev nlohmann-json3-dev libmetis-dev libscotch-dev)
if [[ "${1:-}" == "--tests" ]]; then
  packages+=(libgtest-dev libtrilinos-kokkos-dev)
  # rsvg-convert: the tools.* tests render the report pictures (SVG) with a real renderer.
  packages+=(librsvg2-bin)
  # The slurm tier starts its own one-node Slurm (testing/slurm/one_node_slurm.sh).
  packages+=(slurmctld slurmd slurm-client munge)
  # The second MPI that setup/test.sh builds and tests with (MPICH stays the default), and
  # PT-Scotch, which Debian builds against it (xgraph's distributed --partition=scotch there).
  packages+=(libopenmpi-dev openmpi-bin libptscotch-dev)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -ne 0 ]]; then
  echo "setup: missing Debian packages: ${missing[*]}" >&2
  echo "setup: run as root, or install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

# dpkg and apt hold these with fcntl locks (lslocks lists them); flock(1) would not see them.
lock_wait=${HPCG_APT_LOCK_WAIT:-600}
lock_files=(/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock
            /var/cache/apt/archives/lock)
wait_for_package_lock() {
  local waited=0 holder
  while holder=$(lslocks --noheadings --output PID,COMMAND,PATH 2>/dev/null |
                   grep -F -f <(printf '%s\n' "${lock_files[@]}") | head -n 1) && [[ -n $holder ]]; do
    if [[ $waited -eq 0 ]]; then
      echo "setup: waiting up to $lock_wait s for Debian's package lock, held by: $(echo $holder)" \
           "(another apt or dpkg, e.g. the machine's own updates at boot)"
    fi
    if [[ $waited -ge $lock_wait ]]; then
      echo "setup: Debian's package lock is still held after $lock_wait s: $(echo $holder);" \
           "set HPCG_APT_LOCK_WAIT to wait longer" >&2
      exit 1
    fi
    sleep 2
    waited=$((waited + 2))
  done
  [[ $waited -eq 0 ]] || echo "setup: the package lock is free after $waited s"
}

# Installing Open MPI would make it Debian's default MPI (its alternatives have the higher
# priority): mpicc, mpicxx, mpirun, mpiexec and libmpi.so would switch from MPICH. Pinning the
# three alternative groups to MPICH first keeps MPICH the default for every build on the machine.
pin_mpich() {
  update-alternatives --quiet --set mpi /usr/bin/mpicc.mpich
  update-alternatives --quiet --set mpirun /usr/bin/mpirun.mpich
  local arch
  arch=$(gcc -print-multiarch)
  update-alternatives --quiet --set "mpi-$arch" "/usr/include/$arch/mpich"
}

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt_options=(-o "DPkg::Lock::Timeout=$lock_wait")  # the lock taken between our check and apt's
wait_for_package_lock
apt-get "${apt_options[@]}" update -qq
wait_for_package_lock
if [[ " ${missing[*]} " == *" libopenmpi-dev "* || " ${missing[*]} " == *" openmpi-bin "* ]]; then
  # MPICH's packages first, so that its alternatives exist to pin to.
  mpich_missing=()
  for package in mpich libmpich-dev; do
    [[ " ${missing[*]} " == *" $package "* ]] && mpich_missing+=("$package")
  done
  if [[ ${#mpich_missing[@]} -gt 0 ]]; then
    apt-get "${apt_options[@]}" install -y -qq --no-install-recommends "${mpich_missing[@]}" >/dev/null
  fi
  pin_mpich
fi
apt-get "${apt_options[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
if [[ " ${missing[*]} " == *" libopenmpi-dev "* ]]; then
  pin_mpich
  echo "setup: Open MPI installed beside MPICH; MPICH stays the default (update-alternatives)"
fi
