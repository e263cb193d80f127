#!/usr/bin/env bash
# Last job of update-baselines.yml: for each OS whose run succeeded, compare the new results with
# the baseline they replace (that comparison becomes the PR body), run `baseline update`, and
# open one PR that changes only baselines/. Nothing changed → no PR.
# Env: REF (the dispatched ref), PROFILE, FILTER, RUN_URL, RUN_ID, BASE_BRANCH (the default branch), GH_TOKEN (gh and
# git push), GITHUB_REPOSITORY. Like baseline-plan.sh, it refuses any REF but the default branch.
set -euo pipefail
cd "$(dirname "$0")/.."

# The lint runs shellcheck without -x, which does not follow sourced files.
# shellcheck source=default-branch.sh disable=SC1091
. scripts/default-branch.sh
require_default_branch baseline-pr "${REF-}" "${BASE_BRANCH-}"

fail() { echo "baseline-pr: $1" >&2; exit 2; }
incoming=${1:?usage: baseline-pr.sh <downloaded-artifacts-dir>}
[[ "${PROFILE-}" =~ ^(quick|full)$ ]] || fail "PROFILE must be quick or full"
[[ "${RUN_ID-}" =~ ^[0-9]+$ ]] || fail "RUN_ID must be an integer"
[[ "${BASE_BRANCH-}" =~ ^[A-Za-z0-9._/-]+$ ]] || fail "BASE_BRANCH is not a branch name"
if [ -z "${FILTER-}" ] || [ -z "${RUN_URL-}" ]; then fail "FILTER and RUN_URL are required"; fi
[ -z "$(git status --porcelain)" ] || fail "the work tree is not clean before the update"

work=$(mktemp -d)
# FILEPIPES_COMPARER lets the tests stand in for the real comparer. The real one is built once and its dll run,
# not `dotnet run` with a build check on each call.
if [ -n "${FILEPIPES_COMPARER:-}" ]; then
  read -r -a comparer <<< "$FILEPIPES_COMPARER"
else
  # The lint runs shellcheck without -x, which does not follow sourced files.
  # shellcheck source=comparer.sh disable=SC1091
  . scripts/comparer.sh
  ab_build_comparer . "$work/comparer-bin" "$work/comparer-build.log" ||
    { cat "$work/comparer-build.log" >&2; echo "baseline-pr: the results comparer does not build" >&2; exit 1; }
  comparer=(dotnet "$ab_comparer_dll")
fi
sections=() oses=()
for dir in baselines/*/; do
  os=$(basename "$dir")
  name=$(bash scripts/artifact-name.sh baseline-run "$os" | head -n1)
  results="$incoming/$name/results"
  [ -d "$results" ] || continue
  oses+=("$os")
  section="$os=$work/update-$os.txt"
  # The comparison against the old baseline is made before the update replaces it.
  if [ -n "$(find "$dir" -type f ! -name .gitkeep -print -quit)" ]; then
    "${comparer[@]}" compare --base "$dir" --diff "$results" --threshold 5% --md "$work/compare-$os.md" \
      --title "New $os run vs the current baseline" || true
    [ -f "$work/compare-$os.md" ] && section="$section:$work/compare-$os.md"
  fi
  "${comparer[@]}" baseline update --results "$results" --os "$os" | tee "$work/update-$os.txt"
  sections+=("$section")
done
[ "${#oses[@]}" -gt 0 ] || fail "no baseline-run artifacts under $incoming"

# The PR must change baselines/ and nothing else.
outside=$(git status --porcelain --untracked-files=all | awk '{print $NF}' | grep -v '^baselines/' || true)
[ -z "$outside" ] || { echo "baseline-pr: the update touched files outside baselines/: $outside" >&2; exit 2; }
if [ -z "$(git status --porcelain --untracked-files=all -- baselines)" ]; then
  echo "baseline-pr: the baselines did not change; no PR opened."
  exit 0
fi

title=$(node src/BenchGuard.GitHub/pr-comment/baseline-pr-body.mjs --profile "$PROFILE" --filter "$FILTER" --run-url "$RUN_URL" \
  --out "$work/body.md" "${sections[@]}")
branch="perf/update-baselines-$RUN_ID"
git switch -c "$branch"
git add -- baselines
git -c user.name="github-actions[bot]" -c user.email="41898282+github-actions[bot]@users.noreply.github.com" \
  commit -q -m "$title"
bash scripts/git-push-with-token.sh "$branch"
gh pr create --base "$BASE_BRANCH" --head "$branch" --title "$title" --body-file "$work/body.md"
