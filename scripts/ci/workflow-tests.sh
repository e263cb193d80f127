#!/usr/bin/env bash
# Node tests of the workflows' invariants (parsed YAML), of the scripts the workflows call, and
# of the PR-comment composer. Writes "passed failed" to artifacts/ci/counts/workflow-tests.txt.
# node --test gets the test files, not folders: Node 22+ treats each argument as a glob, and a folder
# then fails with MODULE_NOT_FOUND.
set -euo pipefail
cd "$(dirname "$0")/../.."

counts_dir=artifacts/ci/counts
mkdir -p "$counts_dir"
echo "0 1" > "$counts_dir/workflow-tests.txt"

npm ci --prefix scripts/workflow-lint --no-audit --no-fund --loglevel=error > /dev/null

log=artifacts/ci/workflow-tests.log
status=0
node --test --test-reporter=tap scripts/workflow-lint/test/*.test.mjs src/BenchGuard.GitHub/pr-comment/test/*.test.mjs src/BenchGuard.GitHub/trend-alert/test/*.test.mjs src/BenchGuard.GitHub/job-timings/test/*.test.mjs > "$log" 2>&1 || status=$?
grep -E '^(not )?ok |^# (tests|pass|fail)' "$log" || true
passed=$(sed -nE 's/^# pass ([0-9]+)$/\1/p' "$log" | tail -n1)
failed=$(sed -nE 's/^# fail ([0-9]+)$/\1/p' "$log" | tail -n1)
if [ -z "$passed" ] || [ -z "$failed" ]; then
  echo "workflow-tests: the test runner printed no summary (exit $status); see $log" >&2
  exit 1
fi
echo "$passed $failed" > "$counts_dir/workflow-tests.txt"
if [ "$status" -ne 0 ] || [ "$failed" -ne 0 ]; then
  grep -B2 -A30 '^not ok' "$log" >&2 || true
  exit 1
fi
