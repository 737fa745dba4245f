#!/usr/bin/env bash
# Lists the first-party C++ files that clang-format-14 would change under .clang-format, and
# exits 1 when there is any; scripts/test.sh runs it beside the layering check. To apply:
#   git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' 'bench/*.cpp' | xargs clang-format-14 -i
set -euo pipefail
cd "$(dirname "$0")/.."
fmt=${CLANG_FORMAT:-clang-format-14}
command -v "$fmt" >/dev/null || { echo "check-format.sh: $fmt not found (apt-get install clang-format-14)" >&2; exit 2; }
mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' 'bench/*.cpp')
# --dry-run reports each place as "FILE:LINE:COL: warning: code should be clang-formatted".
mapfile -t differ < <("$fmt" --dry-run "${files[@]}" 2>&1 | sed -n 's/^\(.*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u)
if [ ${#differ[@]} -gt 0 ]; then
  printf '%s\n' "${differ[@]}"
  echo "check-format.sh: ${#differ[@]} of ${#files[@]} files differ from .clang-format" >&2
  exit 1
fi
echo "check-format.sh: ${#files[@]} files formatted"
