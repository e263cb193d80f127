#!/usr/bin/env bash
# First job of update-baselines.yml: refuses a dispatch from any ref but the default branch (env REF,
# DEFAULT_BRANCH), checks the dispatch inputs (passed as env PROFILE, FILTER, OSES, never expanded
# into the script) and turns the OS choice into the matrix. "all" means every folder under
# baselines/, the one list of runner labels.
# Outputs (stdout, and $GITHUB_OUTPUT in a workflow): matrix=["os",...]  os_list=os, os
set -euo pipefail
cd "$(dirname "$0")/.."

# The lint runs shellcheck without -x, which does not follow sourced files.
# shellcheck source=default-branch.sh disable=SC1091
. scripts/default-branch.sh
require_default_branch baseline-plan "${REF-}" "${DEFAULT_BRANCH-}"

fail() { echo "baseline-plan: $1" >&2; exit 2; }
profile=${PROFILE-} filter=${FILTER-} choice=${OSES-}
[[ "$profile" =~ ^(quick|full)$ ]] || fail "profile must be quick or full, not '$profile'"
[[ "$filter" =~ ^[A-Za-z0-9*?._-]+( [A-Za-z0-9*?._-]+)*$ ]] || fail "filter '$filter' must be space-separated globs of letters, digits, * ? . _ -"

known=()
for dir in baselines/*/; do
  [ -d "$dir" ] && known+=("$(basename "$dir")")
done
[ "${#known[@]}" -gt 0 ] || fail "no folders under baselines/"

chosen=()
if [ "$choice" = "all" ]; then
  chosen=("${known[@]}")
else
  for os in "${known[@]}"; do
    if [ "$os" = "$choice" ]; then chosen=("$os"); fi
  done
  [ "${#chosen[@]}" -eq 1 ] || fail "'$choice' is neither 'all' nor one of: ${known[*]}"
fi

matrix="[$(printf '"%s",' "${chosen[@]}")" && matrix="${matrix%,}]"
os_list=$(printf '%s, ' "${chosen[@]}") && os_list=${os_list%, }
printf 'matrix=%s\nos_list=%s\n' "$matrix" "$os_list"
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  printf 'matrix=%s\nos_list=%s\n' "$matrix" "$os_list" >> "$GITHUB_OUTPUT"
fi
