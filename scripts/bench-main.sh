#!/usr/bin/env bash
# Push-to-main leg of benchmarks.yml, one OS: the quick profile with the peer adapters, the
# comparison with baselines/<os> (job summary and artifact), the deterministic counters, and the
# trend files that the publish job hands to github-action-benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "bench-main: $1 (usage: bench-main.sh --os <runner-os> --out <dir> [-- <BenchmarkDotNet args>])" >&2; exit 2; }
# An option given last with no value is bad usage (exit 2), not a failed `shift` (exit 1).
need() { [ $# -ge 2 ] || usage "$1 needs a value"; }
os="" out=""
suite_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --os) need "$@"; os=$2; shift 2 ;;
    --out) need "$@"; out=$2; shift 2 ;;
    --) shift; suite_args=("$@"); break ;;
    *) usage "unknown argument '$1'" ;;
  esac
done
[[ "$os" =~ ^[a-z0-9][a-z0-9.-]*$ ]] || usage "'$os' is not a runner label"
[ -d "baselines/$os" ] || usage "no baselines/$os folder: '$os' is not in the matrix"
[ -n "$out" ] || usage "--out is required"
mkdir -p "$out"

# The comparer is built once and its dll run, not `dotnet run` with a build check on each call; it is built first
# because the suite's --buildTimeout is the tool's (its `policy`).
# The lint runs shellcheck without -x, which does not follow sourced files.
# shellcheck source=comparer.sh disable=SC1091
. scripts/comparer.sh
comparer_build=$(mktemp -d)
# The cleanup never decides the leg's result: under set -e a failing command in an EXIT trap replaces the exit code
# (a file still held open on Windows makes rm fail after the leg wrote everything), so it is a warning instead.
cleanup() {
  local status=$?
  set +e
  rm -rf "$comparer_build" ||
    echo "::warning::bench-main: could not remove the temporary folder $comparer_build (cleanup only); the leg's exit code $status stands"
  exit "$status"
}
trap cleanup EXIT
ab_build_comparer . "$comparer_build/bin" "$comparer_build/build.log" ||
  { cat "$comparer_build/build.log" >&2; echo "bench-main: the results comparer does not build" >&2; exit 1; }
comparer=(dotnet "$ab_comparer_dll")

# BenchmarkDotNet writes its JSON exports to <artifacts>/results.
# Three launches: a stored-baseline comparison needs at least 15 measurements per benchmark
# (3 x 5 iterations); one launch's 5 can hardly reject anything. Extra arguments after `--`
# go to BenchmarkDotNet, and so do the words of FILEPIPES_SUITE_ARGS (the pipeline tests, which run this step as
# benchmarks.yml declares it, cut the suite to `--job dry` and a small filter with it).
# FILEPIPES_PEER_ADAPTERS=false builds without the peer packages, for machines that cannot restore them.
read -r -a test_args <<< "${FILEPIPES_SUITE_ARGS:-}"
build_timeout=$(ab_build_timeout)
dotnet run -c Release --project benchmarks/FilePipes.Benchmarks -p:PeerAdapters="${FILEPIPES_PEER_ADAPTERS:-true}" -- \
  --profile quick --launchCount 3 --buildTimeout "$build_timeout" --artifacts "$out" ${suite_args[@]+"${suite_args[@]}"} ${test_args[@]+"${test_args[@]}"}

# The report is informative on main (the trend alert is the signal), so its verdict does not fail the leg.
compare_status=0
"${comparer[@]}" compare --base "baselines/$os" --diff "$out/results" --threshold 5% \
  --md "$out/report.md" --json "$out/report.json" --title "main vs baselines/$os" || compare_status=$?
if [ "$compare_status" -ne 0 ] && [ ! -f "$out/report.md" ]; then
  echo "⚠️ compare against baselines/$os exited $compare_status; see the job log." > "$out/report.md"
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$out/report.md" >> "$GITHUB_STEP_SUMMARY"; fi

# The deterministic counters of this build (pr-report's slice: bytes, and on Linux system calls and callgrind's
# instructions), for their own trend series. The program is built apart so that the counters run its apphost; the
# suite's fixtures are reused. FILEPIPES_COUNTERS_ARGS: more `counters` options (the pipeline tests cut the cases).
bench_build=$comparer_build/bench
dotnet build -c Release benchmarks/FilePipes.Benchmarks -p:PeerAdapters="${FILEPIPES_PEER_ADAPTERS:-true}" -o "$bench_build" > "$comparer_build/bench-build.log" 2>&1 ||
  { tail -n 20 "$comparer_build/bench-build.log" >&2; echo "bench-main: the benchmark program does not build for the counters" >&2; exit 1; }
read -r -a counters_args <<< "${FILEPIPES_COUNTERS_ARGS:-}"
counters_status=0
FILEPIPES_FIXTURES=${FILEPIPES_FIXTURES:-$PWD/artifacts/fixtures} "${comparer[@]}" counters --program "$bench_build/FilePipes.Benchmarks.dll" \
  --out "$out/counters.json" --work "$comparer_build/counters" ${counters_args[@]+"${counters_args[@]}"} || counters_status=$?
trend_counters=()
if [ "$counters_status" -eq 0 ]; then trend_counters=(--counters "$out/counters.json"); fi

# A failed benchmark makes export-trend exit 1: that fails the leg rather than publish a hole.
# The summary lists the series written and every counter left out of them, and why.
"${comparer[@]}" export-trend --results "$out/results" --os "$os" --out-dir "$out/trend" ${trend_counters[@]+"${trend_counters[@]}"} \
  ${GITHUB_STEP_SUMMARY:+--summary "$GITHUB_STEP_SUMMARY"}
# Counters that could not be counted fail the leg too, after time and allocations have their trend files.
[ "$counters_status" -eq 0 ] || { echo "bench-main: the counters failed (exit $counters_status); their trend files are missing" >&2; exit 1; }
