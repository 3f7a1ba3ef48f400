#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Builds Kokkos with the OpenMP (and Serial) backend from Debian's own trilinos source package
# (apt-get source: nothing else is downloaded) into a cache outside the work tree, then
# configures and builds this project against it. Later runs reuse the cached install; Debian's
# binary libtrilinos-kokkos-dev only has the Serial backend, which leaves the kokkos backend
# single-threaded.
# Usage: setup/kokkos.sh [--build=DIR]   (default build/release, which setup/benchmark.sh and
#                                         setup/bench.sh use)
#   HPCG_KOKKOS_CACHE  cache folder (default /var/cache/hpcg-kokkos as root, else
#                      ${XDG_CACHE_HOME:-~/.cache}/hpcg-kokkos)
# Prints the install prefix as the last line ("Kokkos_ROOT=...").
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=build/release
for arg in "$@"; do
  case "$arg" in
    --build=*) build=${arg#*=} ;;
    *) echo "kokkos: unknown argument $arg (usage: setup/kokkos.sh [--build=DIR])" >&2; exit 2 ;;
  esac
done

if [[ -n "${HPCG_KOKKOS_CACHE:-}" ]]; then
  cache=$HPCG_KOKKOS_CACHE
elif [[ $(id -u) -eq 0 ]]; then
  cache=/var/cache/hpcg-kokkos
else
  cache=${XDG_CACHE_HOME:-$HOME/.cache}/hpcg-kokkos
fi
prefix=$cache/kokkos-openmp
stamp=$prefix/.built-from

setup/install_deps.sh
mkdir -p "$cache"
# Two concurrent runs (CI jobs, a user and a script) must not build into the same prefix.
exec 9>"$cache/.lock"
flock 9

# apt with a private deb-src list derived from the system's own sources, so /etc/apt stays as
# it is and no mirror host is written into this repository.
fetch_trilinos_source() {
  local apt=$cache/apt
  mkdir -p "$apt/sources.list.d" "$apt/lists/partial" "$apt/cache/archives/partial"
  if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
    sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
      > "$apt/sources.list.d/hpcg-src.sources"
  else
    sed -n 's/^deb \(.*\)/deb-src \1/p' /etc/apt/sources.list > "$apt/sources.list.d/hpcg-src.list"
  fi
  local options=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$apt/sources.list.d"
                 -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache")
  apt-get "${options[@]}" -qq update
  # As root apt warns that it cannot hand the download to its _apt user; that is harmless.
  if ! (cd "$cache/src" && apt-get "${options[@]}" -qq source --download-only trilinos \
          >"$cache/apt-source.log" 2>&1); then
    cat "$cache/apt-source.log" >&2
    echo "kokkos: apt-get source trilinos failed (is a Debian mirror reachable?)" >&2
    exit 1
  fi
}

build_kokkos() {
  local started=$SECONDS
  rm -rf "$cache/src" "$cache/build" "$cache/apt" "$prefix"
  mkdir -p "$cache/src"
  echo "kokkos: downloading Debian's trilinos source package (about 170 MB, once)"
  fetch_trilinos_source
  local dsc; dsc=$(ls "$cache"/src/trilinos_*.dsc | head -n 1)
  local orig; orig=$(ls "$cache"/src/trilinos_*.orig.tar.* | head -n 1)
  echo "kokkos: extracting packages/kokkos from $(basename "$orig")"
  # Only Kokkos core is needed (12 MB of 166). Debian's patches to packages/kokkos only drop
  # test declarations of the TriBITS build, which a standalone build without tests never reads.
  tar -xf "$orig" -C "$cache/src" --wildcards '*/packages/kokkos/*'
  local source_dir; source_dir=$(ls -d "$cache"/src/*/packages/kokkos)
  local version; version=$(sed -n 's/^Version: //p' "$dsc")
  echo "kokkos: building Kokkos (trilinos $version) with OpenMP into $prefix"
  cmake -S "$source_dir" -B "$cache/build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_CXX_STANDARD=17 -DCMAKE_CXX_EXTENSIONS=OFF \
    -DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_TESTS=OFF \
    -DKokkos_ENABLE_EXAMPLES=OFF >"$cache/configure.log"
  cmake --build "$cache/build" -j "$(nproc)" >"$cache/build.log"
  cmake --install "$cache/build" >/dev/null
  basename "$dsc" > "$stamp"
  # The 166 MB tarball and the build tree are not needed once the 6 MB install exists.
  rm -rf "$cache/src" "$cache/build" "$cache/apt"
  echo "kokkos: built and installed in $((SECONDS - started)) s"
}

if [[ -f "$stamp" ]] && ls "$prefix"/lib*/cmake/Kokkos/KokkosConfig.cmake >/dev/null 2>&1; then
  echo "kokkos: reusing $prefix ($(cat "$stamp"))"
else
  build_kokkos
fi
flock -u 9

echo "kokkos: configuring $build against it"
# Kokkos_DIR as well: a build folder configured before (with Debian's Serial Kokkos, found
# without hints) keeps its cached Kokkos_DIR, which Kokkos_ROOT alone does not override.
kokkos_dir=$(dirname "$(ls "$prefix"/lib*/cmake/Kokkos/KokkosConfig.cmake | head -n 1)")
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DHPCG_ENABLE_KOKKOS=ON \
  -DKokkos_ROOT="$prefix" -DKokkos_DIR="$kokkos_dir" >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
echo "Kokkos_ROOT=$prefix"
