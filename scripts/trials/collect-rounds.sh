#!/usr/bin/env bash
# Verdict trials for the method-interleaved A/B (the runner's --interleave method, scripts/ResultsComparer/AB/AbRun.cs), step 1: a pool of rounds
# of ONE build, each round measuring every benchmark method of the slice as a base launch next to a head launch,
# the head slowed by FILEPIPES_SLOWDOWN at the round's level. Step 2 is analyze.py --layout rounds.
#
#   scripts/trials/collect-rounds.sh --pool DIR --filter GLOB... [--levels 0,0.10,0.20] [--commit REF]
#                                    [--until HH:MM] [--max-rounds N] [--bench-arg ARG]...
#
# Round r takes level r of the repeating --levels list; inside it, method i runs base then head when r + i is odd,
# head then base otherwise, exactly as the runner does. Each launch is one BenchmarkDotNet run of one method with the
# runner's method-launch settings (ab_method_launch_args in scripts/ab/side.sh: in process, 200 ms iterations).
# Layout: DIR/launches/R001-S10/{base,head}/uN/ and DIR/rounds.tsv. Resumable.
set -euo pipefail

pool='' commit=HEAD until='' max_rounds=1000000 levels=0,0.10,0.20
filters=() bench_args=()
fail_usage() { echo "collect-rounds: $1" >&2; exit 2; }
need_value() { [ $# -ge 2 ] && [ -n "$2" ] || fail_usage "$1 needs a value"; }
while [ $# -gt 0 ]; do
  case $1 in
    --pool) need_value "$@"; pool=$2; shift 2 ;;
    --commit) need_value "$@"; commit=$2; shift 2 ;;
    --until) need_value "$@"; until=$2; shift 2 ;;
    --max-rounds) need_value "$@"; max_rounds=$2; shift 2 ;;
    --levels) need_value "$@"; levels=$2; shift 2 ;;
    --filter) need_value "$@"; filters+=("$2"); shift 2 ;;
    --bench-arg) need_value "$@"; bench_args+=("$2"); shift 2 ;;
    *) fail_usage "unknown option '$1'" ;;
  esac
done
[ -n "$pool" ] || fail_usage "--pool is required"
[ ${#filters[@]} -gt 0 ] || fail_usage "--filter is required: trials run a slice, say which"
case $max_rounds in ''|*[!0-9]*) fail_usage "--max-rounds must be a whole number, not '$max_rounds'" ;; esac
IFS=, read -r -a level_list <<<"$levels"
for level in "${level_list[@]}"; do
  [[ "$level" =~ ^0(\.[0-9]{1,2})?$ ]] || fail_usage "--levels takes fractions such as 0,0.10,0.20, not '$level'"
done
# shellcheck source=pool-setup.sh
. "$(dirname "$0")/pool-setup.sh"

bench=(--profile quick "${ab_method_launch_args[@]}" ${bench_args[@]+"${bench_args[@]}"})
units=()
while IFS= read -r unit; do units+=("$unit"); done < <(ab_list_methods "$src" --profile quick --filter "${filters[@]}")
[ ${#units[@]} -gt 0 ] || fail_usage "the filters match no benchmark method in the quick profile"
ab_log "methods: ${units[*]}"

[ -f "$pool/rounds.tsv" ] || printf 'round\tkind\tslowdown\tunit\tside\tstarted\tseconds\texit\tjson\n' >"$pool/rounds.tsv"
round=$(tail -n +2 "$pool/rounds.tsv" | cut -f1 | sort -n | tail -n 1)
round=${round:-0}
count=0
while [ "$count" -lt "$max_rounds" ]; do
  if [ -n "$deadline" ] && [ "$(date -u +%s)" -ge "$deadline" ]; then ab_log "deadline reached"; break; fi
  round=$((round + 1))
  level=${level_list[$(((round - 1) % ${#level_list[@]}))]}
  kind=$(awk -v s="$level" 'BEGIN { p = int(s * 100 + 0.5); if (p == 0) print "P"; else printf "S%02d\n", p }')
  name=$(printf 'R%03d-%s' "$round" "$kind")
  ab_log "round $name"
  for i in "${!units[@]}"; do
    if [ $(((round + i) % 2)) -eq 1 ]; then order=(base head); else order=(head base); fi
    for side in "${order[@]}"; do
      slowdown=''
      if [ "$side" = head ] && [ "$kind" != P ]; then slowdown=$level; fi
      started=$(date -u +%s)
      result=$(ab_launch "$src" "$pool/launches/$name/$side/u$i" "$pool/logs/$name-$side-u$i.log" 1200 \
        FILEPIPES_SLOWDOWN="$slowdown" -- "${bench[@]}" --filter "${units[$i]}")
      set -- $result
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$kind" "${slowdown:-0}" "${units[$i]}" "$side" "$started" "$1" "$2" "$3" >>"$pool/rounds.tsv"
    done
  done
  count=$((count + 1))
done
