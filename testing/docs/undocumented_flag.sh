#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# flags_documented.sh must be able to fail: a program whose --help names an option that no page
# mentions is refused, and the message names that option.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
printf '#!/bin/sh\necho "  --documented=N  fine"\necho "  --hidden-knob  not in the page"\n' \
  >"$scratch/program"
chmod +x "$scratch/program"
echo 'Use --documented=N.' >"$scratch/page.md"
if output=$(bash "$here/flags_documented.sh" "$scratch/program" "$scratch/page.md"); then
  echo "FAIL: an undocumented option passed: $output"
  exit 1
fi
grep -q -- "--hidden-knob" <<<"$output" || { echo "FAIL: message lacks the option: $output"; exit 1; }
echo "undocumented option refused: $output"
