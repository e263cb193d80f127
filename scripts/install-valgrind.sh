#!/usr/bin/env bash
# Installs valgrind from the distribution's packages when it is missing, for the counters' instructions (callgrind).
# Linux only; pr-report reports instructions as "not measured" when valgrind is absent, so this never decides a verdict.
set -euo pipefail
if command -v valgrind > /dev/null; then
  valgrind --version
  exit 0
fi
sudo apt-get update -q
sudo apt-get install -y -q --no-install-recommends valgrind
valgrind --version
