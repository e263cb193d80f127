#!/usr/bin/env bash
# Trend publishing on push to main (benchmarks.yml: jobs publish-trend and settle-steps), in these steps:
#   collect <downloaded-artifacts-dir> <trend-dir>
#       trend/<os>/<metric>.json for every OS leg and metric it exported (the action's inputs: time,
#       allocated, and the counters that OS measures);
#   ensure-branch
#       creates an empty gh-pages branch on the first publish, since the action cannot start one (a run
#       that loses the race to another run's push goes on with that run's branch);
#   place-page <site-dir>
#       copies our trend page into gh-pages:dev/bench/ next to the action's data.js and pushes it.
#       The action writes its default index.html only when none exists, so without this step an
#       improved page would never reach the site.
#   summarize-steps
#       the steps in gh-pages' data.js, found by the tool (`benchguard change-points --summary`, which carries the
#       previous dev/bench/steps.json's steps over, withdrawn where the history no longer holds them), written to
#       gh-pages:dev/bench/steps.json beside data.js: the summary the page draws first. Nothing to do before data.js;
#   check-plan
#       the A/B legs that re-measure the summary's unchecked regressions (`benchguard change-points check-plan`), as
#       the matrix of the confirm-step job (step output `checks`);
#   settle-steps <downloaded-checks-dir>
#       each leg's finding written into gh-pages:dev/bench/steps.json (`change-points settle`); a comment on each
#       commit with a confirmed regression (exit 1) or one a bisection traced a regression to.
# Pushes go to TREND_REMOTE (default: this repository on GitHub) with GH_TOKEN, if set.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "publish-trend: $1" >&2; exit 2; }
branch=${TREND_BRANCH:-gh-pages}
data_dir=dev/bench
remote=${TREND_REMOTE:-${GITHUB_SERVER_URL:-https://github.com}/${GITHUB_REPOSITORY:-}.git}

git_remote() {
  local token=${GH_TOKEN:-${GITHUB_TOKEN:-}}
  if [ -n "$token" ]; then
    git -c http.extraheader="AUTHORIZATION: basic $(printf 'x-access-token:%s' "$token" | base64 | tr -d '\n')" "$@"
  else
    git "$@"
  fi
}

commit_as_bot() {
  git -c user.name="github-actions[bot]" -c user.email="41898282+github-actions[bot]@users.noreply.github.com" commit -q "$@"
}

collect() {
  local incoming=${1:?collect needs <downloaded-artifacts-dir>} trend=${2:?collect needs <trend-dir>} found=0
  for dir in baselines/*/; do
    local os name
    os=$(basename "$dir")
    name=$(bash scripts/artifact-name.sh pr-report "$os" | head -n1)
    # Every metric the leg exported (time, allocated, and the counters its OS measures): export-trend names them.
    for file in "$incoming/$name/trend/"*.json; do
      local metric
      metric=$(basename "$file" .json)
      if [ -f "$file" ]; then
        # shellcheck disable=SC2016 # the single-quoted text is JavaScript, not shell
        node -e 'const a = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
          if (!Array.isArray(a) || a.length === 0 || !a.every((b) => typeof b.name === "string" && typeof b.value === "number" && typeof b.unit === "string"))
            { console.error(`${process.argv[1]}: not a customSmallerIsBetter array`); process.exit(2); }' "$file"
        mkdir -p "$trend/$os"
        cp "$file" "$trend/$os/$metric.json"
        found=$((found + 1))
      fi
    done
  done
  [ "$found" -gt 0 ] || fail "no trend files under $incoming"
  echo "publish-trend: collected $found trend files into $trend"
}

# Idempotent, and safe when two first runs race: the push never forces, so a run whose push is rejected because
# another run created the branch in the meantime finds it on its next look and goes on with it.
ensure_branch() {
  local attempt tmp
  for attempt in 1 2 3; do
    if git_remote ls-remote --exit-code --heads "$remote" "$branch" > /dev/null; then
      if [ "$attempt" -eq 1 ]; then
        echo "publish-trend: $branch exists"
      else
        echo "publish-trend: another run created $branch first; going on with it"
      fi
      return 0
    fi
    # Not there after a rejected push: something else failed (the network, the token); wait a little longer each time.
    [ "$attempt" -eq 1 ] || sleep $((5 * (attempt - 1)))
    tmp=$(mktemp -d)
    git init -q -b "$branch" "$tmp"
    touch "$tmp/.nojekyll"
    git -C "$tmp" add .nojekyll
    (cd "$tmp" && commit_as_bot -m "Start the gh-pages branch for the trend site")
    if (cd "$tmp" && git_remote push -q "$remote" "HEAD:refs/heads/$branch"); then
      echo "publish-trend: created $branch"
      return 0
    fi
    echo "publish-trend: the push that creates $branch was rejected (attempt $attempt); looking again"
  done
  echo "publish-trend: could not create $branch on $remote" >&2
  exit 1
}

# Clones gh-pages into $pages, runs "$@" (the change, made under $pages/dev/bench), commits what it changed and pushes
# it; a rejected push (another run pushed first) starts again on the newer branch. The change sets unchanged=1 when
# there is nothing to push.
update_pages() {
  local message=$1 attempt
  shift
  for attempt in 1 2 3; do
    pages=$(mktemp -d)
    git_remote clone -q --depth 1 --branch "$branch" "$remote" "$pages"
    mkdir -p "$pages/$data_dir"
    unchanged=0
    "$@"
    [ "$unchanged" -eq 0 ] || return 0
    git -C "$pages" add -A -- "$data_dir"
    if git -C "$pages" diff --cached --quiet; then
      echo "publish-trend: $branch is already current ($message)"
      return 0
    fi
    (cd "$pages" && commit_as_bot -m "$message (${GITHUB_SHA:-local})")
    if (cd "$pages" && git_remote push -q origin "HEAD:refs/heads/$branch"); then
      echo "publish-trend: $message: pushed to $branch"
      return 0
    fi
    echo "publish-trend: push rejected (attempt $attempt), again on the new $branch" >&2
  done
  echo "publish-trend: could not push to $branch: $message" >&2
  exit 1
}

place_page() {
  local site=${1:?place-page needs <site-dir>}
  [ -f "$site/index.html" ] || fail "$site/index.html does not exist"
  [ ! -e "$site/data.js" ] || fail "$site must not carry data.js: that file belongs to the action"
  update_pages "Update the trend page" replace_page "$site"
}

replace_page() {
  # The page is replaced; the history is never touched: data.js (the action's), alert-checks.js (the
  # ratio alerts' A/B checks, made before the steps replaced them) and steps.json (summarize-steps').
  find "$pages/$data_dir" -mindepth 1 -maxdepth 1 ! -name data.js ! -name alert-checks.js ! -name steps.json -exec rm -rf {} +
  # The site's alert-checks.js is an empty record; an existing one is history and stays.
  if [ -f "$pages/$data_dir/alert-checks.js" ]; then
    (cd "$1" && find . -mindepth 1 -maxdepth 1 ! -name alert-checks.js -exec cp -R {} "$pages/$data_dir/" \;)
  else
    cp -R "$1"/. "$pages/$data_dir/"
  fi
}

summarize_steps() {
  # Built once, before the loop: a retry after a rejected push only reruns the tool on the newer data.js.
  bash scripts/benchguard --version > /dev/null
  update_pages "Summarize the steps in the trend" write_summary
}

write_summary() {
  if [ ! -f "$pages/$data_dir/data.js" ]; then
    echo "publish-trend: no $data_dir/data.js on $branch yet; no steps to summarize"
    unchanged=1
    return 0
  fi
  local previous=()
  [ ! -f "$pages/$data_dir/steps.json" ] || previous=(--previous "$pages/$data_dir/steps.json")
  bash scripts/benchguard change-points --data "$pages/$data_dir/data.js" --summary "$pages/$data_dir/steps.json.new" "${previous[@]}" | tail -n 1
  mv "$pages/$data_dir/steps.json.new" "$pages/$data_dir/steps.json"
}

# The legs that re-measure the summary's unchecked regressions (the confirm-step matrix, step output `checks`).
check_plan() {
  local tmp checks="[]"
  tmp=$(mktemp -d)
  git_remote clone -q --depth 1 --branch "$branch" "$remote" "$tmp"
  if [ -f "$tmp/$data_dir/steps.json" ]; then
    checks=$(bash scripts/benchguard change-points check-plan --summary "$tmp/$data_dir/steps.json")
  fi
  echo "$checks"
  [ -z "${GITHUB_OUTPUT:-}" ] || echo "checks=$checks" >> "$GITHUB_OUTPUT"
}

# Each confirm-step leg's finding into steps.json; a comment on each commit with a confirmed regression, and exit 1.
settle_steps() {
  local incoming=${1:?settle-steps needs <downloaded-checks-dir>} comments file confirmed=0
  [ -d "$incoming" ] || { mkdir -p "$incoming"; echo "publish-trend: no step check left a result; the steps stay unconfirmed"; }
  local run_url="${GITHUB_SERVER_URL:-https://github.com}/${GITHUB_REPOSITORY:-}/actions/runs/${GITHUB_RUN_ID:-0}"
  bash scripts/benchguard --version > /dev/null
  comments=$(mktemp -d)
  update_pages "Record the step checks" settle_summary "$incoming" "$comments"
  for file in "$comments"/*.md; do
    [ -f "$file" ] || continue
    printf '\n[The run that confirmed it](%s)\n' "$run_url" >> "$file"
    node src/BenchGuard.GitHub/trend-alert/comment-commit.mjs "$(basename "$file" .md)" "$file" ||
      echo "publish-trend: the comment on $(basename "$file" .md) failed; the run fails on the confirmed regression anyway" >&2
  done
  # A newly confirmed step fails the run; a bisection that traced one to its commit only comments.
  if [ "$confirmed" -eq 1 ]; then
    echo "publish-trend: the A/B confirmed a regression in the trend; see the comments on the commits" >&2
    exit 1
  fi
}

settle_summary() {
  if [ ! -f "$pages/$data_dir/steps.json" ]; then
    echo "publish-trend: no $data_dir/steps.json on $branch; nothing to settle"
    unchanged=1
    return 0
  fi
  # A retry settles the newer summary again, so only the last attempt's comments count.
  rm -f "$2"/*.md
  confirmed=0
  bash scripts/benchguard change-points settle --summary "$pages/$data_dir/steps.json" --incoming "$1" --comments "$2" --fail-on-confirmed || confirmed=$?
  [ "$confirmed" -le 1 ] || exit "$confirmed"
}

command=${1:-}
shift || true
case "$command" in
  collect) collect "$@" ;;
  ensure-branch) ensure_branch ;;
  place-page) place_page "$@" ;;
  summarize-steps) summarize_steps ;;
  check-plan) check_plan ;;
  settle-steps) settle_steps "$@" ;;
  *) fail "usage: publish-trend.sh collect <incoming> <trend-dir> | ensure-branch | place-page <site-dir> | summarize-steps | check-plan | settle-steps <incoming>" ;;
esac
