#!/usr/bin/env bash
# The whole push/PR chain, end to end, on a tiny slice with BenchmarkDotNet's dry job:
#   suite -> compare with baselines/<os> -> markdown/JSON -> trend export -> report section
#   -> one PR comment from two legs (one leg cancelled) -> baseline update on a copy of the store.
# The numbers mean nothing; the check is that every piece accepts the real output of the one before.
# Writes "PASSED FAILED" to artifacts/ci/counts/pipeline-e2e.txt; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

counts_dir=artifacts/ci/counts
work=artifacts/ci/pipeline-e2e
rm -rf "$work" && mkdir -p "$work" "$counts_dir"
passed=0 failed=0
check() {
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok - $name"
  else failed=$((failed + 1)); echo "not ok - $name" >&2; fi
}
json() { node -e "$1" "${@:2}"; }

os=ubuntu-latest
# Three cases of the quick profile: FilePipeReader at 4 KiB and 64 KiB, ByteBufferScan at 64 KiB.
slice=('*ReadBenchmarks.FilePipeReader*' '*LineSearchBenchmarks.ByteBufferScan*')
# Built once, its dll run: `dotnet run` would repeat a build check on each call.
# shellcheck source=../ab/comparer.sh disable=SC1091
. scripts/ab/comparer.sh
ab_build_comparer . "$work/comparer-bin" "$work/comparer-build.log" ||
  { cat "$work/comparer-build.log" >&2; echo "pipeline-e2e: the results comparer does not build" >&2; exit 1; }
comparer=(dotnet "$ab_comparer_dll")

# 1. The main leg exactly as benchmarks.yml runs it, on the slice (no peer packages needed).
main_status=0
FILEPIPES_PEER_ADAPTERS=false bash scripts/bench-main.sh --os "$os" --out "$work/main" -- \
  --job dry --filter "${slice[@]}" > "$work/bench-main.log" 2>&1 || main_status=$?
check "bench-main.sh exits 0 (log: $work/bench-main.log)" test "$main_status" -eq 0
check "suite wrote one BenchmarkDotNet export per class" \
  test "$(find "$work/main/results" -name '*-report-full.json' | wc -l)" -eq 2
check "compare wrote a markdown report with a headline" bash -c 'head -n 5 "$1" | grep -q -E "^\*\*(✅|⚠️|❔|❌)"' _ "$work/main/report.md"
# The stored baseline holds the whole quick profile: the slice's 3 cases get verdicts, the rest are Missing.
check "compare JSON gives every benchmark of the slice a verdict, and the rest of the baseline is Missing" json '
  const r = require(process.argv[1]);
  const measured = r.benchmarks.filter(b => b.verdict !== "Missing");
  const ok = measured.length === 3
    && measured.every(b => /FilePipeReader|ByteBufferScan/.test(b.fullName) && typeof b.verdict === "string")
    && r.benchmarks.filter(b => b.verdict === "Missing").every(b => !/ByteBufferScan|ReadBenchmarks.FilePipeReader/.test(b.fullName));
  process.exit(ok ? 0 : 1);' "$PWD/$work/main/report.json"
check "trend export: time in ns and allocated bytes in B, one point per benchmark" json '
  const [t, a] = [require(process.argv[1]), require(process.argv[2])];
  const ok = (xs, unit) => xs.length === 3 && xs.every(x => x.unit === unit && typeof x.value === "number" && x.name.startsWith("FilePipes.Benchmarks."));
  process.exit(ok(t, "ns") && ok(a, "B") ? 0 : 1);' "$PWD/$work/main/trend/time.json" "$PWD/$work/main/trend/allocated.json"

# 2. The per-OS section of the PR comment, from the stored-baseline comparison alone
#    (the A/B part is exercised by scripts/ci/ab-e2e.sh).
report_status=0
"${comparer[@]}" report --os "$os" --baseline "$work/main/report.json" \
  --md "$work/leg/report.md" --json "$work/leg/report.json" > "$work/report.log" 2>&1 || report_status=$?
check "report composes the OS section" test "$report_status" -eq 0 -a -s "$work/leg/report.md"

# 3. One comment from both legs: ubuntu reported, windows was cancelled.
incoming=$work/incoming/$(bash scripts/artifact-name.sh pr-report "$os")
mkdir -p "$incoming" && cp "$work/leg/report.md" "$incoming/report.md" && echo 42 > "$incoming/pr-number"
cat > "$work/jobs.json" <<JSON
{"ubuntu-latest": {"conclusion": "success", "url": "https://example.invalid/run/1/job/1"},
 "windows-latest": {"conclusion": "cancelled", "url": "https://example.invalid/run/1/job/2"}}
JSON
compose_status=0
node scripts/pr-comment/compose.mjs --incoming "$work/incoming" --oses ubuntu-latest,windows-latest \
  --jobs "$work/jobs.json" --run-id 1 --run-url https://example.invalid/run/1 --out "$work/comment" \
  > "$work/compose.log" 2>&1 || compose_status=$?
check "compose exits 0" test "$compose_status" -eq 0
check "comment has one section per OS" \
  test "$(grep -c -E '^### (ubuntu-latest|windows-latest)' "$work/comment/comment.md" 2>/dev/null)" -eq 2
check "comment carries the ubuntu report and names the cancelled leg" \
  bash -c 'grep -q -F "$(head -n 1 "$1")" "$2" && grep -q -i cancelled "$2"' _ "$work/leg/report.md" "$work/comment/comment.md"
check "comment PR number comes from the artifact" grep -q -x 42 "$work/comment/pr-number"

# 4. A baseline bump on a copy of the store keeps the other OS and records this run.
cp -r baselines "$work/baselines"
update_status=0
"${comparer[@]}" baseline update --results "$work/main/results" --os "$os" --baselines "$work/baselines" \
  --commit e2e0000 --profile quick > "$work/baseline-update.log" 2>&1 || update_status=$?
check "baseline update exits 0" test "$update_status" -eq 0
check "baseline show lists the updated store" bash -c '"${@:2}" baseline show --os ubuntu-latest --baselines "$1" | grep -q e2e0000' _ "$work/baselines" "${comparer[@]}"
check "the untouched OS folder is unchanged" diff -r baselines/windows-latest "$work/baselines/windows-latest"

echo "$passed $failed" > "$counts_dir/pipeline-e2e.txt"
echo "pipeline-e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
