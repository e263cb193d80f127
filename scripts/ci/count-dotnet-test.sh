#!/usr/bin/env bash
# Sums the per-project summary lines that `dotnet test` prints ("Failed!  - Failed: 1, Passed: 9, ...")
# and prints "passed failed". Exits 2 when the log holds no summary at all (a run that tested nothing).
set -euo pipefail
log=${1:?usage: count-dotnet-test.sh LOG}
lines=$(grep -E '(Passed|Failed)!  *- Failed: *[0-9]+, Passed: *[0-9]+' "$log" || true)
if [ -z "$lines" ]; then
  echo "count-dotnet-test: no test summary in $log" >&2
  echo "0 1"
  exit 2
fi
passed=0; failed=0
while IFS= read -r line; do
  f=$(sed -E 's/.*Failed: *([0-9]+),.*/\1/' <<<"$line")
  p=$(sed -E 's/.*Passed: *([0-9]+),.*/\1/' <<<"$line")
  passed=$((passed + p)); failed=$((failed + f))
done <<<"$lines"
echo "$passed $failed"
