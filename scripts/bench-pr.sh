#!/usr/bin/env bash
# PR leg of benchmarks.yml, one OS: the same-runner A/B report (scripts/pr-report) plus the PR
# number for the comment job. The report goes to the job summary even when the check fails.
# Exit code is pr-report's: 1 = a regression beyond the fail policy, 2 = bad input.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "bench-pr: $1 (usage: bench-pr.sh --os <runner-os> --base <sha> --pr <number> --out <dir>)" >&2; exit 2; }
# An option given last with no value is bad usage (exit 2), not a failed `shift` (exit 1).
need() { [ $# -ge 2 ] || usage "$1 needs a value"; }
os="" base="" pr="" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --os) need "$@"; os=$2; shift 2 ;;
    --base) need "$@"; base=$2; shift 2 ;;
    --pr) need "$@"; pr=$2; shift 2 ;;
    --out) need "$@"; out=$2; shift 2 ;;
    *) usage "unknown argument '$1'" ;;
  esac
done
[[ "$os" =~ ^[a-z0-9][a-z0-9.-]*$ ]] || usage "'$os' is not a runner label"
[[ "$base" =~ ^[0-9a-f]{40}$ ]] || usage "'$base' is not a commit SHA"
[[ "$pr" =~ ^[1-9][0-9]{0,9}$ ]] || usage "'$pr' is not a PR number"
[ -n "$out" ] || usage "--out is required"

mkdir -p "$out"
printf '%s\n' "$pr" > "$out/pr-number"

status=0
"${FILEPIPES_PR_REPORT:-scripts/pr-report}" --os "$os" --against "$base" --profile quick --fail-on-regression --out "$out" || status=$?

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  if [ -f "$out/report.md" ]; then
    cat "$out/report.md" >> "$GITHUB_STEP_SUMMARY"
  else
    echo "❌ pr-report exited $status without writing a report." >> "$GITHUB_STEP_SUMMARY"
  fi
fi
exit "$status"
