#!/usr/bin/env bash
# Prints the artifact name for <kind> <runner-os> (or the download pattern with --pattern) and,
# inside a workflow, sets it as a step output. The names live in src/BenchGuard.GitHub/pr-comment/artifact-names.mjs.
set -euo pipefail
exec node "$(dirname "$0")/../src/BenchGuard.GitHub/pr-comment/artifact-names.mjs" "$@"
