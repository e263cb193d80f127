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
# The lint runs shellcheck without -x, which does not follow sourced files.
# shellcheck source=suite-settings.sh disable=SC1091
. scripts/suite-settings.sh
# FILEPIPES_PEER_ADAPTERS=false builds without the peer packages, for machines that cannot restore them (the tests).
# Extra arguments after `--`, and the words of FILEPIPES_SUITE_ARGS, go to BenchmarkDotNet (the pipeline tests, which
# run this step as update-baselines.yml declares it, pass `--job dry` that way).
read -r -a test_args <<< "${FILEPIPES_SUITE_ARGS:-}"
# shellcheck disable=SC2154 # suite_build_timeout_seconds comes from suite-settings.sh
dotnet run -c Release --project benchmarks/FilePipes.Benchmarks -p:PeerAdapters="${FILEPIPES_PEER_ADAPTERS:-true}" -- \
  --profile "$profile" --buildTimeout "$suite_build_timeout_seconds" --filter "${globs[@]}" --artifacts "$out" \
  ${suite_args[@]+"${suite_args[@]}"} ${test_args[@]+"${test_args[@]}"}
