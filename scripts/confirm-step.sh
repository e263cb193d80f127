#!/usr/bin/env bash
# confirm-step leg of benchmarks.yml, one OS: the same-runner A/B of a commit on main against --base (the trend's point
# before the step; the commit's parent when empty), for the benchmark methods whose trend stepped (scripts/pr-report,
# the PR check's own verdict and fail policy); with --kind bisect, of the middle first-parent commit of base..commit
# against base instead. Writes the leg with what it found in git (<out>/leg.json: the first-parent commits in the
# range, the probe and the commits up to it), which `change-points settle` reads beside pr-report's output. Exits 0
# whatever the verdict, so that the leg shows what it measured and the settle job decides each step and fails the
# run once; exits 2 on bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "confirm-step: $1 (usage: confirm-step.sh --os <runner-os> --commit <sha> [--base <sha>] --methods '<A.B.C ...>' --steps '<id ...>' [--kind confirm|bisect] --out <dir>)" >&2; exit 2; }
need() { [ $# -ge 2 ] || usage "$1 needs a value"; }
os="" commit="" base="" methods="" steps="" kind=confirm out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --os) need "$@"; os=$2; shift 2 ;;
    --commit) need "$@"; commit=$2; shift 2 ;;
    --base) need "$@"; base=$2; shift 2 ;;
    --methods) need "$@"; methods=$2; shift 2 ;;
    --steps) need "$@"; steps=$2; shift 2 ;;
    --kind) need "$@"; kind=$2; shift 2 ;;
    --out) need "$@"; out=$2; shift 2 ;;
    *) usage "unknown argument '$1'" ;;
  esac
done
[[ "$os" =~ ^[a-z0-9][a-z0-9.-]*$ ]] || usage "'$os' is not a runner label"
[[ "$commit" =~ ^[0-9a-f]{40}$ ]] || usage "'$commit' is not a commit SHA"
[[ "$methods" =~ ^[A-Za-z0-9_.]+( [A-Za-z0-9_.]+)*$ ]] || usage "--methods must be space-separated benchmark method names"
[ -z "$base" ] || [[ "$base" =~ ^[0-9a-f]{40}$ ]] || usage "'$base' is not a commit SHA"
[[ "$steps" =~ ^[0-9a-z]+( [0-9a-z]+)*$ ]] || usage "--steps must be space-separated step ids"
[[ "$kind" =~ ^(confirm|bisect)$ ]] || usage "--kind must be confirm or bisect"
[ -n "$out" ] || usage "--out is required"
if [ -n "$base" ]; then
  parent=$(git rev-parse --verify -q "$base^{commit}") || usage "$base is not in this clone (fetch-depth 0?)"
else
  parent=$(git rev-parse --verify -q "$commit^1^{commit}") || usage "$commit has no parent in this clone (fetch-depth 0?)"
fi

# The range as first-parent history has it: one push's commits, or a merged pull request as one.
mapfile -t range < <(git rev-list --first-parent --reverse "$parent..$commit")
[ "${#range[@]}" -gt 0 ] || usage "$parent..$commit holds no first-parent commit"
head=$commit probe="" probe_commits=""
if [ "$kind" = bisect ]; then
  [ "${#range[@]}" -gt 1 ] || usage "$parent..$commit holds one commit: nothing to bisect"
  probe_commits=$(( ${#range[@]} / 2 ))
  probe=${range[$((probe_commits - 1))]} head=$probe
fi
mkdir -p "$out"
# Every value was checked against a pattern above or comes from git, so none needs escaping in JSON.
printf '{"os": "%s", "commit": "%s", "base": "%s", "methods": "%s", "steps": "%s", "kind": "%s", "commits": "%s"%s}\n' \
  "$os" "$commit" "$parent" "$methods" "$steps" "$kind" "${#range[@]}" "${probe:+, \"probe\": \"$probe\", \"probeCommits\": \"$probe_commits\"}" > "$out/leg.json"
read -r -a names <<< "$methods"
filters=()
for name in "${names[@]}"; do filters+=(--filter "$name"); done
status=0
# FILEPIPES_PR_REPORT lets the tests add a tiny job to the real pr-report.
"${FILEPIPES_PR_REPORT:-scripts/pr-report}" --os "$os" --base "$parent" --head "$head" --profile quick \
  --fail-on-regression --out "$out" "${filters[@]}" || status=$?
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  echo "The A/B of ${head:0:10} against ${parent:0:10} for $methods: pr-report exited $status (0 no regression, 1 a regression by the PR check's policy, 2 could not measure); settle-steps decides each step." >> "$GITHUB_STEP_SUMMARY"
  [ ! -f "$out/report.md" ] || cat "$out/report.md" >> "$GITHUB_STEP_SUMMARY"
fi
echo "confirm-step: pr-report exited $status"
