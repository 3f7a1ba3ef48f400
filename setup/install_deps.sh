#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Installs the Debian 12 packages this project needs, and only those that are missing.
# Usage: setup/install_deps.sh [--tests]   (--tests adds GoogleTest and Debian's Kokkos, whose
#                                         Serial backend the tests build the kokkos backend on)
set -euo pipefail

packages=(g++ make cmake mpich libmpich-dev nlohmann-json3-dev)
[[ "${1:-}" == "--tests" ]] && packages+=(libgtest-dev libtrilinos-kokkos-dev)
# rsvg-convert: the tools.* tests render the report pictures (SVG) with a real renderer.
[[ "${1:-}" == "--tests" ]] && packages+=(librsvg2-bin)

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
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
