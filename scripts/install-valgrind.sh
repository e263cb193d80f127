#!/usr/bin/env bash
# Installs valgrind from the distribution's packages when it is missing, for the counters' instructions (callgrind).
# The one place that does it: benchmarks.yml's Linux legs and .ci/run call this script.
# As root (a fresh CI container, this machine) apt-get runs directly; otherwise through sudo (GitHub's runners).
# Exit 0 when valgrind is there (or off Linux, where the counters do not use it); 2 with one line on stderr when it
# cannot be installed.
set -euo pipefail

fail() { echo "install-valgrind: $1" >&2; exit 2; }

if command -v valgrind > /dev/null; then
  valgrind --version
  exit 0
fi
if [[ "$OSTYPE" != linux* ]]; then
  echo "install-valgrind: not Linux ($OSTYPE): the counters measure no instructions here, nothing to install"
  exit 0
fi

if [ "$(id -u)" = 0 ]; then
  as_root=()
elif command -v sudo > /dev/null; then
  as_root=(sudo)
else
  fail "valgrind is missing, and installing it needs root or sudo (neither is available)"
fi

# apt-get's own output goes to stdout for the log; a failure is summed up in one line naming apt-get's last error.
apt() {
  local output status=0
  output=$("${as_root[@]}" apt-get "$@" 2>&1) || status=$?
  printf '%s\n' "$output"
  if [ "$status" -ne 0 ]; then
    local line last=""
    while IFS= read -r line; do
      case "$line" in E:*) last=$line ;; esac
    done <<< "$output"
    fail "apt-get $1 failed (exit $status)${last:+: $last}"
  fi
}

apt update -q
apt install -y -q --no-install-recommends valgrind
command -v valgrind > /dev/null || fail "apt-get installed valgrind, but no valgrind is on PATH"
valgrind --version
