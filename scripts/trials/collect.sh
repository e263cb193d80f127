#!/usr/bin/env bash
# Verdict trials, step 1: a pool of single-launch BenchmarkDotNet processes of ONE build, some with an injected
# slowdown, from which step 2 (analyze.py) forms A/A and slowed comparisons in both modes.
#
#   scripts/trials/collect.sh --pool DIR [--commit REF] [--until HH:MM] [--max-launches N] [--filter GLOB]...
#                             [--bench-arg ARG]...
#
# Why a pool: launches are the expensive part (a BenchmarkDotNet process costs its child-project build plus the
# cases), and a slowdown can only be injected at run time. So one build runs many launches, in a fixed repeating
# schedule, and the comparisons are formed afterwards by assigning launches to sides:
#   P S10 P S20 P S10 P S20 ...   (P: no slowdown; S10/S20: FILEPIPES_SLOWDOWN=0.10/0.20)
# Every slowed launch sits between two plain ones, as a head launch sits next to its base launch in an A/B round;
# two plain launches are two apart, so A/A pairs are slightly less close in time than a real round's (which makes
# the A/A figures, if anything, pessimistic). Resumable: a second call appends to the pool, continuing the schedule.
set -euo pipefail

pool='' commit=HEAD until='' max_launches=1000000
filters=() bench_args=()
fail_usage() { echo "collect: $1" >&2; exit 2; }
need_value() { [ $# -ge 2 ] && [ -n "$2" ] || fail_usage "$1 needs a value"; }
while [ $# -gt 0 ]; do
  case $1 in
    --pool) need_value "$@"; pool=$2; shift 2 ;;
    --commit) need_value "$@"; commit=$2; shift 2 ;;
    --until) need_value "$@"; until=$2; shift 2 ;;
    --max-launches) need_value "$@"; max_launches=$2; shift 2 ;;
    --filter) need_value "$@"; filters+=("$2"); shift 2 ;;
    --bench-arg) need_value "$@"; bench_args+=("$2"); shift 2 ;;
    *) fail_usage "unknown option '$1'" ;;
  esac
done
[ -n "$pool" ] || fail_usage "--pool is required"
[ ${#filters[@]} -gt 0 ] || fail_usage "--filter is required: trials run a slice, say which"
# shellcheck source=pool-setup.sh
. "$(dirname "$0")/pool-setup.sh"
[ -f "$pool/launches.tsv" ] || printf 'seq\tkind\tslowdown\tstarted\tseconds\texit\tjson\n' >"$pool/launches.tsv"

kinds=(P S10 P S20)
seq=$(($(wc -l <"$pool/launches.tsv") - 1))
count=0
# --buildTimeout: see scripts/ResultsComparer/AB/BenchmarkLauncher.cs (BenchmarkDotNet kills a child-project build after 120 s by default).
bench=(--profile quick --buildTimeout 1200 --filter "${filters[@]}" ${bench_args[@]+"${bench_args[@]}"})
while [ "$count" -lt "$max_launches" ]; do
  if [ -n "$deadline" ] && [ "$(date -u +%s)" -ge "$deadline" ]; then ab_log "deadline reached"; break; fi
  seq=$((seq + 1))
  kind=${kinds[$(((seq - 1) % 4))]}
  case $kind in P) slowdown='' ;; S10) slowdown=0.10 ;; S20) slowdown=0.20 ;; esac
  name=$(printf 'L%03d-%s' "$seq" "$kind")
  ab_log "launch $name"
  started=$(date -u +%s)
  result=$(ab_launch "$src" "$pool/launches/$name" "$pool/logs/$name.log" 1200 \
    FILEPIPES_SLOWDOWN="$slowdown" -- "${bench[@]}")
  set -- $result
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$seq" "$kind" "${slowdown:-0}" "$started" "$1" "$2" "$3" >>"$pool/launches.tsv"
  count=$((count + 1))
done
