#!/usr/bin/env bash
# Installs the Debian packages quark-ptq builds and tests with. Idempotent: packages already
# present are skipped, so a warm machine pays nothing.
set -euo pipefail
packages=(
  build-essential cmake pkg-config git
  nlohmann-json3-dev libvalijson-dev libyaml-cpp-dev libcli11-dev libfmt-dev
  libcurl4-openssl-dev libssl-dev libsimdjson-dev
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev clang-format-14 clang-tidy-14
  python3 python3-venv python3-yaml python3-jsonschema tmux coreutils openssl
  # groff reads the man page in its test (tests/cli/help/man_page.sh).
  groff-base
  # A real single-node Slurm for the cluster tests (scripts/slurm/cluster.sh starts it).
  slurm-wlm munge
  # A real browser that renders report.html headless (tests/browser/report_in_chromium.py).
  chromium
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
