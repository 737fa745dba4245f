#!/usr/bin/env bash
# Real English prose, offline: the Debian Developer's Reference, from the Debian package
# developers-reference 12.18 (bookworm, GPL-2; its .rst sources are in the .deb), split by
# chapter into two disjoint corpora by scripts/rst-prose.py:
#   calibration.jsonl  chapters other than the two below (staged with `quark-ptq data stage`)
#   evaluation.jsonl   developer-duties + pkgs (what `quark-ptq evaluate` reads)
#
#   scripts/fetch-heldout-text.sh [DEST]       default: <repo>/.data/heldout (ignored by git)
#
# * Pinned: the exact package version, and the .deb's sha256 below; a different file is refused.
# * Reproducible: the two corpora must have the sha256 recorded in python/heldout-text.sha256.
# * Idempotent: a DEST whose corpora match the record is left alone.
# * Downloads with `apt-get download` (no install, no root needed beyond reading apt's lists);
#   the package's copyright file is kept beside the text.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${1:-$repo/.data/heldout}"
record="$repo/python/heldout-text.sha256"
package=developers-reference
version=12.18
deb_sha256=0dba82f6fa16e373f2a84ad07e7971aa9264ad2e7d2ae46b37edbc9c5fd57e2e
evaluation_chapters=developer-duties,pkgs

matches_record() {
  [ -f "$record" ] && [ -d "$1" ] && (cd "$1" && sha256sum --quiet --strict -c "$record" >/dev/null 2>&1)
}
if matches_record "$dest"; then
  echo "fetch-heldout-text: $dest is up to date"
  exit 0
fi

parent="$(dirname "$dest")"
mkdir -p "$parent"
scratch="$(mktemp -d "$parent/.fetch-heldout.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
# apt's sandbox user cannot write a root-owned scratch folder; it downloads as root then (a warning).
(cd "$scratch" && apt-get download -q "$package=$version" 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2 || true)
deb="$scratch/${package}_${version}_all.deb"
if [ ! -f "$deb" ]; then
  echo "fetch-heldout-text: apt-get download $package=$version failed (run apt-get update first?)" >&2
  exit 1
fi
got="$(sha256sum "$deb" | cut -d' ' -f1)"
if [ "$got" != "$deb_sha256" ]; then
  echo "fetch-heldout-text: $deb has sha256 $got, expected $deb_sha256" >&2
  exit 1
fi
dpkg-deb -x "$deb" "$scratch/x"
python3 "$repo/scripts/rst-prose.py" "$scratch/x/usr/share/developers-reference/_sources" "$scratch/out" \
  --evaluation "$evaluation_chapters" >"$scratch/summary.json"
cp "$scratch/x/usr/share/doc/$package/copyright" "$scratch/out/copyright"
if [ -n "${HELDOUT_RECORD:-}" ]; then
  (cd "$scratch/out" && sha256sum calibration.jsonl evaluation.jsonl) >"$record"
elif ! matches_record "$scratch/out"; then
  echo "fetch-heldout-text: the extracted text differs from $record" >&2
  exit 1
fi
python3 - "$scratch" "$package" "$version" "$deb_sha256" <<'EOF'
import json, sys, os
scratch, package, version, sha = sys.argv[1:]
summary = json.load(open(os.path.join(scratch, "summary.json")))
summary["source"] = {"debian_package": f"{package}={version}", "distribution": "bookworm", "deb_sha256": sha,
                     "license": "GPL-2 (copyright, from the package)",
                     "files": "usr/share/developers-reference/_sources/*.rst.txt"}
json.dump(summary, open(os.path.join(scratch, "out", "SOURCE.json"), "w"), indent=1, sort_keys=True)
EOF
rm -rf "$dest"
mv "$scratch/out" "$dest"
echo "fetch-heldout-text: $dest ready ($(wc -l <"$dest/calibration.jsonl") calibration, $(wc -l <"$dest/evaluation.jsonl") evaluation paragraphs)"
