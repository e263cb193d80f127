#!/usr/bin/env bash
# One leg of update-baselines.yml: the suite with the chosen profile and filter, results in <out>/results.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "run-suite: $1 (usage: run-suite.sh --profile quick|full --filter '<globs>' --out <dir> [-- <BenchmarkDotNet args>])" >&2; exit 2; }
# An option given last with no value is bad usage (exit 2), not a failed `shift` (exit 1).
need() { [ $# -ge 2 ] || usage "$1 needs a value"; }
profile="" filter="" out=""
suite_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; suite_args=("$@"); break ;;
    --profile) need "$@"; profile=$2; shift 2 ;;
    --filter) need "$@"; filter=$2; shift 2 ;;
    --out) need "$@"; out=$2; shift 2 ;;
    *) usage "unknown argument '$1'" ;;
  esac
done
[[ "$profile" =~ ^(quick|full)$ ]] || usage "profile must be quick or full, not '$profile'"
[[ "$filter" =~ ^[A-Za-z0-9*?._-]+( [A-Za-z0-9*?._-]+)*$ ]] || usage "filter '$filter' must be space-separated globs"
[ -n "$out" ] || usage "--out is required"

read -r -a globs <<< "$filter"
# BenchmarkDotNet's --buildTimeout is the tool's (its `policy`), so the comparer is built first.
# The lint runs shellcheck without -x, which does not follow sourced files.
# shellcheck source=comparer.sh disable=SC1091
. scripts/comparer.sh
comparer_build=$(mktemp -d)
# Only a cleanup: under set -e a failing rm in the EXIT trap would replace the suite's exit code.
trap 'rm -rf "$comparer_build" || true' EXIT
ab_build_comparer . "$comparer_build/bin" "$comparer_build/build.log" ||
  { cat "$comparer_build/build.log" >&2; echo "run-suite: the results comparer does not build" >&2; exit 1; }
build_timeout=$(ab_build_timeout)
# FILEPIPES_PEER_ADAPTERS=false builds without the peer packages, for machines that cannot restore them (the tests).
# Extra arguments after `--`, and the words of FILEPIPES_SUITE_ARGS, go to BenchmarkDotNet (the pipeline tests, which
# run this step as update-baselines.yml declares it, pass `--job dry` that way).
read -r -a test_args <<< "${FILEPIPES_SUITE_ARGS:-}"
dotnet run -c Release --project benchmarks/FilePipes.Benchmarks -p:PeerAdapters="${FILEPIPES_PEER_ADAPTERS:-true}" -- \
  --profile "$profile" --buildTimeout "$build_timeout" --filter "${globs[@]}" --artifacts "$out" \
  ${suite_args[@]+"${suite_args[@]}"} ${test_args[@]+"${test_args[@]}"}
