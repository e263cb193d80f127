#!/usr/bin/env bash
# Installs valgrind from the distribution's packages when it is missing, for the counters' instructions (callgrind).
# The one place that does it: benchmarks.yml's Linux legs and .ci/run call this script.
# As root (a fresh CI container, this machine) apt-get runs directly; otherwise through sudo (GitHub's runners).
# A failed apt-get (a mirror out of reach, the package lock held) is tried again after a growing wait.
# Usage: install-valgrind.sh [--optional]
# Exit 0 when valgrind is there (or off Linux, where the counters do not use it); 2 with one line on stderr when it
# cannot be installed. With --optional (the workflow's legs) a failed install is a ::warning:: and a line in the job
# summary instead, and exit 0: the leg goes on, the counters measure bytes and system calls and report instructions
# as not measured.
set -euo pipefail

optional=false
case "${1:-}" in
  '') ;;
  --optional) optional=true ;;
  *) echo "install-valgrind: unknown argument '$1' (usage: install-valgrind.sh [--optional])" >&2; exit 2 ;;
esac

# Seconds to wait before each new attempt: three attempts over about 40 s.
retry_waits=(10 30)

fail() {
  if [ "$optional" = true ]; then
    echo "::warning::install-valgrind: $1; the counters go on without instructions (not measured)"
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
      echo "⚠️ valgrind could not be installed ($1): this leg's instruction counts are not measured." >> "$GITHUB_STEP_SUMMARY"
    fi
    exit 0
  fi
  echo "install-valgrind: $1" >&2
  exit 2
}

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

# apt-get's own output goes to stdout for the log; a failure is summed up in $apt_failed and apt-get's last error line
# in $apt_last.
apt_failed="" apt_last=""
apt() {
  local output status=0
  output=$("${as_root[@]}" apt-get "$@" 2>&1) || status=$?
  printf '%s\n' "$output"
  if [ "$status" -ne 0 ]; then
    local line last=""
    while IFS= read -r line; do
      case "$line" in E:*) last=$line ;; esac
    done <<< "$output"
    apt_failed="apt-get $1 failed (exit $status)" apt_last=$last
    return 1
  fi
}

# An attempt is the index update and the install: an install that cannot find the package after a partial update
# needs the update again.
attempts=$((${#retry_waits[@]} + 1))
for ((attempt = 1; ; attempt++)); do
  if apt update -q && apt install -y -q --no-install-recommends valgrind; then
    break
  fi
  if [ "$attempt" -ge "$attempts" ]; then
    fail "$apt_failed after $attempts attempts${apt_last:+: $apt_last}"
  fi
  wait=${retry_waits[$((attempt - 1))]}
  echo "install-valgrind: $apt_failed${apt_last:+: $apt_last} (attempt $attempt of $attempts); trying again in $wait s"
  sleep "$wait"
done
command -v valgrind > /dev/null || fail "apt-get installed valgrind, but no valgrind is on PATH"
valgrind --version
