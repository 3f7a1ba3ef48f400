#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Every option a program's --help prints must appear in its documentation, so the pages cannot
# fall behind the option tables.
# Usage: flags_documented.sh PROGRAM DOC... (PROGRAM's --help is read; each --flag must be in
#        one of the DOC files, written as --flag followed by '=', a blank or punctuation).
set -euo pipefail
program=$1
shift
help=$("$program" --help)
flags=$(grep -oE -- '--[a-z][a-z0-9-]*' <<<"$help" | sort -u)
[[ -n $flags ]] || { echo "FAIL: $program --help lists no options"; exit 1; }
missing=()
for flag in $flags; do
  grep -qE -- "${flag}([^a-z0-9-]|$)" "$@" || missing+=("$flag")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "FAIL: $(basename "$program") --help lists options its documentation lacks: ${missing[*]}"
  echo "      (looked in: $*)"
  exit 1
fi
echo "$(basename "$program"): $(wc -w <<<"$flags") options, each documented"
