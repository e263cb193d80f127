#!/usr/bin/env bash
# The PR leg's command on an unchanged tree (head = base): the whole PR slice, counters on, two rounds (too few for a
# timing verdict to fail: the counters, the gates and the plumbing are what this checks). An unchanged tree must pass
# (exit 0) with every counter measured that this machine can measure; anything else is a false alarm or a broken
# measurement that would hit every pull request. Writes "passed failed" to
# artifacts/ci/counts/unchanged-tree.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
counts_dir=artifacts/ci/counts
out=artifacts/ci/unchanged-tree
log=artifacts/ci/unchanged-tree.log
mkdir -p "$counts_dir"
echo "0 1" > "$counts_dir/unchanged-tree.txt"

status=0
scripts/pr-report --against HEAD --profile quick --rounds 2 --fail-on-regression --out "$out" > "$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  tail -n 20 "$log" >&2
  echo "unchanged-tree: pr-report exited $status on an unchanged tree (see $log)" >&2
  exit 1
fi

# Every counter this machine measures was measured: bytes, system calls on Linux, instructions where valgrind is.
problem=$(node -e '
  const fs = require("fs");
  const [report, counters, linux, valgrind] = process.argv.slice(1);
  const r = JSON.parse(fs.readFileSync(report, "utf8"));
  if (r.countersError) { console.log(`counters not measured: ${r.countersError}`); process.exit(); }
  const c = JSON.parse(fs.readFileSync(counters, "utf8"));
  if (c.baseError) console.log(`base not counted: ${c.baseError}`);
  else if (linux === "1" && c.systemCallsNotMeasured) console.log(`system calls ${c.systemCallsNotMeasured}`);
  else if (valgrind === "1" && c.instructionsNotMeasured) console.log(`instructions ${c.instructionsNotMeasured}`);
' "$out/report.json" "$out/counters.json" "$([ "$(uname -s)" = Linux ] && echo 1 || echo 0)" "$(command -v valgrind > /dev/null && echo 1 || echo 0)")
if [ -n "$problem" ]; then
  echo "unchanged-tree: $problem (see $out)" >&2
  exit 1
fi
echo "unchanged-tree: $(head -n 1 "$out/report.md")"
echo "1 0" > "$counts_dir/unchanged-tree.txt"
