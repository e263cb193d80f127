#!/usr/bin/env bash
# The same-runner A/B: builds the base's and the head's own benchmark projects side by side, runs single-launch
# BenchmarkDotNet processes of each in ABBA rounds, merges each side's launches and compares head with base.
#
#   scripts/ab/run-ab.sh --work DIR [--base REF | --against REF] [--head REF] [--rounds N] [--profile quick]
#                        [--filter GLOB]... [--threshold 5%] [--compare-arg ARG]... [--build-arg ARG]...
#                        [--bench-arg ARG]... [--head-env VAR=VALUE]... [--launch-timeout SECONDS] [--keep-src] [--reuse-build]
#                        [--interleave suite|method]
#
# Writes into DIR: ab.json and ab.md (head vs base) when the A/B could be made, otherwise ab-error.txt (one line
# saying why, for the report); head-results/ (the head's launches merged, also made when the base failed, so the
# stored-baseline comparison still has the head); launches.tsv (side, round, seconds, exit code, JSON files, method).
# --interleave suite: each round is one out-of-process launch of the whole slice per side. --interleave method: each
# round launches every benchmark method of the slice on its own, in process, base and head back to back, and one
# extra out-of-process launch of the head makes head-results (see "Interleaving" below).
# Exit codes: 0 when it ran (an A/B that could not be made because of the base is not a failure of this step),
# 2 on bad usage or when the head itself cannot be built or measured.
set -euo pipefail

# Defaults, chosen by measurement (see scripts/pr-report, "Why these settings"): 10 rounds of method launches, or 4
# rounds of whole-suite launches (each of those takes minutes).
rounds=''
profile=quick
threshold=5%
launch_timeout=1200
interleave=method

usage() { echo "usage: run-ab.sh --work DIR [--base REF|--against REF] [--head REF] [--rounds N] [--profile P] [--filter GLOB]... [--threshold T] [--compare-arg A]... [--build-arg A]... [--bench-arg A]... [--head-env VAR=VALUE]... [--launch-timeout S] [--keep-src] [--reuse-build] [--interleave suite|method]" >&2; }
fail_usage() { echo "run-ab: $1" >&2; usage; exit 2; }
need_value() { [ $# -ge 2 ] && [ -n "$2" ] || fail_usage "$1 needs a value"; }

work='' base_ref='' against=main head_ref='' keep_src=false reuse_build=false
filters=() compare_args=() build_args=() bench_args=() head_env=()
while [ $# -gt 0 ]; do
  case $1 in
    --work) need_value "$@"; work=$2; shift 2 ;;
    --base) need_value "$@"; base_ref=$2; shift 2 ;;
    --against) need_value "$@"; against=$2; shift 2 ;;
    --head) need_value "$@"; head_ref=$2; shift 2 ;;
    --rounds) need_value "$@"; rounds=$2; shift 2 ;;
    --profile) need_value "$@"; profile=$2; shift 2 ;;
    --filter) need_value "$@"; filters+=("$2"); shift 2 ;;
    --threshold) need_value "$@"; threshold=$2; shift 2 ;;
    --compare-arg) need_value "$@"; compare_args+=("$2"); shift 2 ;;
    --build-arg) need_value "$@"; build_args+=("$2"); shift 2 ;;
    --bench-arg) need_value "$@"; bench_args+=("$2"); shift 2 ;;
    --head-env) need_value "$@"; head_env+=("$2"); shift 2 ;;
    --launch-timeout) need_value "$@"; launch_timeout=$2; shift 2 ;;
    --interleave) need_value "$@"; interleave=$2; shift 2 ;;
    --keep-src) keep_src=true; shift ;;
    --reuse-build) reuse_build=true; shift ;;
    -h|--help) usage; exit 0 ;;
    *) fail_usage "unknown option '$1'" ;;
  esac
done
[ -n "$work" ] || fail_usage "--work is required"
if [ -z "$rounds" ]; then
  if [ "$interleave" = method ]; then rounds=10; else rounds=4; fi
fi
case $rounds in ''|*[!0-9]*) fail_usage "--rounds must be a positive integer, not '$rounds'" ;; esac
[ "$rounds" -ge 1 ] || fail_usage "--rounds must be at least 1"
case $launch_timeout in ''|*[!0-9]*) fail_usage "--launch-timeout must be seconds, not '$launch_timeout'" ;; esac
case $interleave in suite|method) ;; *) fail_usage "--interleave must be suite or method, not '$interleave'" ;; esac
for assignment in ${head_env[@]+"${head_env[@]}"}; do
  case $assignment in [A-Za-z_]*=*) ;; *) fail_usage "--head-env needs VAR=VALUE, not '$assignment'" ;; esac
done

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=side.sh
. "$here/side.sh"
# shellcheck source=comparer.sh
. "$here/comparer.sh"

repo=$(git rev-parse --show-toplevel 2>/dev/null) || fail_usage "not inside a git repository"
cd "$repo"
mkdir -p "$work"
work=$(cd "$work" && pwd)
rm -rf "$work/launches" "$work/logs" "$work/merged" "$work/head-results" "$work/head-oop" "$work"/ab.json "$work"/ab.md "$work"/ab-error.txt "$work"/ab-compare-exit.txt
mkdir -p "$work/launches" "$work/logs" "$work/merged"
printf 'side\tround\tseconds\texit\tjson\tmethod\n' >"$work/launches.tsv"

ab_error=''
record_ab_error() { ab_error=$1; printf '%s\n' "$1" >"$work/ab-error.txt"; ab_log "A/B not made: $1"; }

# The head: a ref, or by default a snapshot of the working tree (uncommitted and untracked files included).
if [ -n "$head_ref" ]; then
  head_commit=$(git rev-parse --verify -q "$head_ref^{commit}") || fail_usage "head '$head_ref' is not a commit"
  head_label=$head_ref
else
  head_commit=$(ab_snapshot_worktree) || fail_usage "cannot snapshot the working tree"
  head_label="working tree"
fi
# The base: the ref given, or the merge-base of the head with --against (main by default).
if [ -n "$base_ref" ]; then
  base_commit=$(git rev-parse --verify -q "$base_ref^{commit}") || fail_usage "base '$base_ref' is not a commit"
  base_label=$base_ref
elif ! git rev-parse --verify -q "$against^{commit}" >/dev/null; then
  base_commit=''
  record_ab_error "no base: '$against' is not a commit here (fetch it, or pass --base REF)"
elif ! base_commit=$(git merge-base "$head_commit" "$against"); then
  base_commit=''
  record_ab_error "no base: the head has no merge-base with '$against'"
else
  base_label="merge-base with $against"
fi

head_src=$work/head-src
base_src=$work/base-src
cleanup() {
  if [ "$keep_src" = false ]; then
    ab_remove_checkout "$head_src"
    ab_remove_checkout "$base_src"
  fi
}
trap cleanup EXIT

# Fixtures are deterministic: both sides share the repository's cache instead of generating their own per run.
export FILEPIPES_FIXTURES="${FILEPIPES_FIXTURES:-$repo/artifacts/fixtures}"

# prepare_side COMMIT SRC LOG: checks COMMIT out at SRC and builds it, unless --reuse-build finds that very commit
# already built there by an earlier run with --keep-src (the end-to-end test uses this to build a head once).
prepare_side() {
  local commit=$1 src=$2 log=$3
  if [ "$reuse_build" = true ] && [ -f "$src/artifacts/ab-bin/FilePipes.Benchmarks.dll" ] &&
    [ "$(git -C "$src" rev-parse HEAD 2>/dev/null)" = "$commit" ]; then
    ab_log "reusing the build of $commit in $src"
    return 0
  fi
  ab_checkout "$commit" "$src"
  ab_build "$src" "$log" ${build_args[@]+"${build_args[@]}"}
}

ab_log "head: $head_label ($head_commit)"
build_status=0
prepare_side "$head_commit" "$head_src" "$work/logs/head-build.log" || build_status=$?
case $build_status in
  0) ;;
  3) echo "run-ab: the head has no $ab_bench_project" >&2; exit 2 ;;
  *) echo "run-ab: the head's benchmark project does not build (see $work/logs/head-build.log)" >&2; exit 2 ;;
esac

base_ok=false
if [ -n "$base_commit" ]; then
  ab_log "base: $base_label ($base_commit)"
  build_status=0
  prepare_side "$base_commit" "$base_src" "$work/logs/base-build.log" || build_status=$?
  short=$(git rev-parse --short "$base_commit")
  case $build_status in
    0) base_ok=true ;;
    3) record_ab_error "the base ($short, $base_label) has no benchmark project ($ab_bench_project)" ;;
    *) first_error=$(grep -m1 -E ': error [A-Z]+[0-9]+' "$work/logs/base-build.log" | sed -E 's/^.*: error /error /' | cut -c1-160 || true)
       record_ab_error "the base ($short, $base_label) does not build${first_error:+: $first_error}" ;;
  esac
fi

# Per-launch overhead. Every BenchmarkDotNet launch generates a child project next to the built dll and builds it
# (default toolchain: out of process, as the numbers are meant; --inProcess would change what is measured). That
# build recompiles the referenced benchmark and library projects into the child's own obj folder, with all the
# repository's analyzers, and it is most of a launch's fixed cost. Measured here (2 cores loaded by other builds):
# 56-176 s for the child build of a fresh folder, and 56 s when the folder is kept from the previous launch.
# --keepFiles keeps the generated folder (named after the job), so the next launch of the same side builds it
# incrementally; the measured code and the process model are unchanged. Launches of a side run one after another,
# never concurrently, so they never share that folder at the same time.
# --buildTimeout: BenchmarkDotNet kills its child-project build after 120 s by default, which this machine exceeded
# (the launch then exits with no measurement at all); a stalled build is still bounded by --launch-timeout.
bench=(--profile "$profile" --keepFiles --buildTimeout "$launch_timeout" ${bench_args[@]+"${bench_args[@]}"})

# launch SIDE ROUND [METHOD-INDEX]: one BenchmarkDotNet process (of the whole slice, or of one method); a launch that
# fails is logged and the rounds go on.
launch() {
  local side=$1 round=$2 unit=${3:-} src envs=() result args=("${bench[@]}") name dir label=-
  if [ "$side" = head ]; then src=$head_src; envs=(${head_env[@]+"${head_env[@]}"}); else src=$base_src; fi
  name=$(printf '%s-r%02d' "$side" "$round")
  dir=$work/launches/$name
  if [ -n "$unit" ]; then
    label=${methods[$unit]}
    args+=(--filter "$label")
    dir=$dir/m$unit
    name=$name-m$unit
  elif [ ${#filters[@]} -gt 0 ]; then
    args+=(--filter "${filters[@]}")
  fi
  ab_log "round $round: $side${unit:+ $label}"
  result=$(ab_launch "$src" "$dir" "$work/logs/$name.log" "$launch_timeout" ${envs[@]+"${envs[@]}"} -- "${args[@]}")
  set -- $result
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$side" "$round" "$1" "$2" "$3" "$label" >>"$work/launches.tsv"
  if [ "$3" -eq 0 ]; then ab_log "round $round: $side produced no results (exit $2; see $work/logs/$name.log)"; fi
}

# pair SIDE-FIRST SIDE-SECOND ROUND [METHOD-INDEX]: the two sides back to back (the head alone when the base failed).
pair() {
  if [ "$base_ok" = false ]; then launch head "$3" ${4:+"$4"}; return; fi
  launch "$1" "$3" ${4:+"$4"}
  launch "$2" "$3" ${4:+"$4"}
}

# Interleaving. Most of a benchmark's variance lies between processes, and on this kind of machine the variance
# changes within a minute, so the closer in time a head launch is to its base launch, the more of the noise their
# ratio cancels. `suite` pairs whole-slice launches a minute or more apart; `method` pairs launches of one method
# seconds apart. A method launch runs in process (BenchmarkDotNet's InProcessEmitToolchain), because an
# out-of-process launch pays for a generated child project's build (20 s to minutes here) every time; both sides
# are measured the same way, so their ratio is fair. In-process figures are not those of the stored baselines (made
# out of process: allocation counts in particular differ), so the method mode makes head-results from one extra
# out-of-process launch of the head, and only that feeds the stored-baseline comparison.
methods=()
if [ "$interleave" = method ]; then
  # A unit is a method (Namespace.Class.Method) matched by a method-level glob. A glob that names parameters (it has
  # a '(') stays one unit of its own, since BenchmarkDotNet ORs filters and a method filter would run all its cases.
  sides=("$head_src")
  if [ "$base_ok" = true ]; then sides+=("$base_src"); fi
  globs=('*')
  if [ ${#filters[@]} -gt 0 ]; then globs=("${filters[@]}"); fi
  for glob in "${globs[@]}"; do
    while IFS= read -r method; do
      unit=$method
      case $glob in *'('*) unit=$glob ;; esac
      known=false
      for seen in ${methods[@]+"${methods[@]}"}; do [ "$seen" != "$unit" ] || known=true; done
      [ "$known" = true ] || methods+=("$unit")
    done < <(for src in "${sides[@]}"; do
      ab_list_methods "$src" --profile "$profile" ${bench_args[@]+"${bench_args[@]}"} --filter "$glob"
    done | sort -u)
  done
  [ ${#methods[@]} -gt 0 ] || { echo "run-ab: the filters select no benchmark method in the $profile profile" >&2; exit 2; }
  ab_log "methods: ${methods[*]}"
  bench+=("${ab_method_launch_args[@]}")
fi

# ABBA: odd rounds run the base first, even rounds the head first, so a drift in time weighs on both sides alike;
# with method interleaving the order also alternates from one method to the next.
for round in $(seq 1 "$rounds"); do
  if [ "$interleave" = suite ]; then
    if [ $((round % 2)) -eq 1 ]; then pair base head "$round"; else pair head base "$round"; fi
    continue
  fi
  for unit in "${!methods[@]}"; do
    if [ $(((round + unit) % 2)) -eq 1 ]; then pair base head "$round" "$unit"; else pair head base "$round" "$unit"; fi
  done
done

if [ -z "${ab_comparer_dll:-}" ]; then
  ab_build_comparer "$repo" "$work/comparer-bin" "$work/logs/comparer-build.log" ||
    { echo "run-ab: the results comparer does not build (see $work/logs/comparer-build.log)" >&2; exit 2; }
fi

# The head's A/B side; in suite mode it is also head-results.
ab_head=$work/head-results
if [ "$interleave" = method ]; then ab_head=$work/merged/head; fi
head_inputs=()
while IFS= read -r dir; do head_inputs+=("$dir"); done < <(ab_side_inputs "$work/launches" head)
[ ${#head_inputs[@]} -gt 0 ] || { echo "run-ab: no head launch produced results (see $work/logs/)" >&2; exit 2; }
if ! comparer merge --inputs "${head_inputs[@]}" --out "$ab_head" 2>"$work/logs/merge-head.err"; then
  echo "run-ab: merging the head's launches failed: $(head -n 1 "$work/logs/merge-head.err")" >&2
  exit 2
fi

if [ "$interleave" = method ]; then
  # The stored baselines' settings: out of process, the quick profile's own iterations.
  oop=(--profile "$profile" --keepFiles --buildTimeout "$launch_timeout" ${bench_args[@]+"${bench_args[@]}"})
  if [ ${#filters[@]} -gt 0 ]; then oop+=(--filter "${filters[@]}"); fi
  ab_log "head: one out-of-process launch for the stored-baseline comparison"
  result=$(ab_launch "$head_src" "$work/head-oop" "$work/logs/head-oop.log" "$launch_timeout" \
    ${head_env[@]+"${head_env[@]}"} -- "${oop[@]}")
  set -- $result
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' head-oop 0 "$1" "$2" "$3" - >>"$work/launches.tsv"
  [ "$3" -gt 0 ] || { echo "run-ab: the head's out-of-process launch produced no results (see $work/logs/head-oop.log)" >&2; exit 2; }
  if ! comparer merge --inputs "$work/head-oop" --out "$work/head-results" 2>"$work/logs/merge-head-oop.err"; then
    echo "run-ab: reading the head's out-of-process launch failed: $(head -n 1 "$work/logs/merge-head-oop.err")" >&2
    exit 2
  fi
fi

if [ "$base_ok" = true ]; then
  base_inputs=()
  while IFS= read -r dir; do base_inputs+=("$dir"); done < <(ab_side_inputs "$work/launches" base)
  if [ ${#base_inputs[@]} -eq 0 ]; then
    record_ab_error "no base launch produced results (the base's benchmarks failed to run)"
  elif ! comparer merge --inputs "${base_inputs[@]}" --out "$work/merged/base" 2>"$work/logs/merge-base.err"; then
    record_ab_error "merging the base's launches failed: $(head -n 1 "$work/logs/merge-base.err")"
  else
    code=0
    comparer compare --base "$work/merged/base" --diff "$ab_head" --threshold "$threshold" \
      --json "$work/ab.json" --md "$work/ab.md" ${compare_args[@]+"${compare_args[@]}"} \
      >"$work/logs/compare-ab.out" 2>"$work/logs/compare-ab.err" || code=$?
    echo "$code" >"$work/ab-compare-exit.txt"
    case $code in
      0|1) ab_log "A/B compared: $work/ab.md" ;;
      *) rm -f "$work/ab.json" "$work/ab.md"
         record_ab_error "comparing head with base failed: $(head -n 1 "$work/logs/compare-ab.err")" ;;
    esac
  fi
fi
exit 0
