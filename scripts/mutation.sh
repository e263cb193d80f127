#!/usr/bin/env bash
# Mutation testing with Stryker.NET (the version in .config/dotnet-tools.json), one run per test project, each with
# its stryker-config.json. See docs/mutation-testing.md.
# Usage: scripts/mutation.sh [--project NAME]... [--since <commit>] [--mutate <glob>]... --out <dir>
#   --project  library, comparer (whole), or one of the comparer's parts: comparer-verdict, comparer-runner,
#              comparer-rest (default: library and comparer)
#   --since    mutate only the files changed since <commit> (the pull request's base)
#   --mutate   Stryker's -m glob, to run one file or folder
#   --out      reports go to <dir>/<project>/ (html, json)
# Exits 0 when every run passed, 1 when a mutation score fell under its config's break threshold (or a run failed),
# 2 on bad usage with one line on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "mutation: $1" >&2; exit 2; }

projects=() mutate=() since="" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --project|--since|--mutate|--out) [ $# -ge 2 ] || usage "$1 needs a value" ;;&
    --project)
      case "$2" in library|comparer|comparer-verdict|comparer-runner|comparer-rest) projects+=("$2") ;;
        *) usage "unknown --project '$2' (library, comparer, comparer-verdict, comparer-runner or comparer-rest)" ;; esac
      shift 2 ;;
    --since) since=$2; shift 2 ;;
    --mutate) mutate+=(-m "$2"); shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) usage "unknown option '$1'" ;;
  esac
done
[ -n "$out" ] || usage "--out is required"
[ ${#projects[@]} -gt 0 ] || projects=(library comparer)
if [ -n "$since" ]; then
  # Stryker looks the target up as a branch, tag or full commit id only (it refused HEAD~1): hand it the id.
  commit=$(git rev-parse --verify --quiet "$since^{commit}") || usage "--since '$since' is not a commit here (fetch the base first)"
  since=$commit
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

dotnet tool restore > /dev/null

# The comparer's whole run took about 5 hours here (docs/mutation-testing.md), more than one CI job has,
# so CI runs it as three parts: the verdict path, the A/B runner with the files it drives, and the rest (every file
# neither names), which together mutate each file once.
verdict=('**/Comparison/**/*.cs' '**/Merging/**/*.cs' '**/Commands/CompareCommand.cs' '**/Commands/MergeCommand.cs'
  '**/Program.cs' '**/Baselines/MeasuredOn.cs')
runner=('**/AB/*.cs' '**/Commands/PrReportCommand.cs' '**/Counters/CountersRun.cs' '**/Counters/PullRequestCounters.cs'
  '**/Trials/RoundPoolCollector.cs')

# Each project gets at most 150 minutes (ci.yml runs one per job of 170); the job's timeout is the backstop, this
# limit stops a hung run (and its test hosts: timeout signals its whole process group) before it.
status=0
for project in "${projects[@]}"; do
  part=()
  case "$project" in
    library) folder=tests/FilePipes.Tests ;;
    comparer) folder=tests/BenchGuard.Tests ;;
    comparer-verdict) folder=tests/BenchGuard.Tests; for glob in "${verdict[@]}"; do part+=(-m "$glob"); done ;;
    comparer-runner) folder=tests/BenchGuard.Tests; for glob in "${runner[@]}"; do part+=(-m "$glob"); done ;;
    comparer-rest) folder=tests/BenchGuard.Tests; for glob in "${verdict[@]}" "${runner[@]}"; do part+=(-m "!$glob"); done ;;
  esac
  args=(--output "$out/$project")
  if [ -n "$since" ]; then args+=("--since:$since"); fi
  echo "mutation: $project ($folder)"
  (cd "$folder" && timeout --kill-after=60s 150m dotnet stryker "${args[@]}" "${part[@]}" "${mutate[@]}") || status=1
done
exit "$status"
