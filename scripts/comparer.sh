# Sourced by bench-main.sh, run-suite.sh and baseline-pr.sh: builds the results comparer (src/BenchGuard) once and
# runs the built dll, so that their several calls do not each pay for `dotnet run`'s build check.

# ab_build_comparer REPO OUTDIR LOG: builds REPO's comparer into OUTDIR; sets ab_comparer_dll.
ab_build_comparer() {
  local repo=$1 out=$2 log=$3
  if ! dotnet build -c Release "$repo/src/BenchGuard/BenchGuard.csproj" -o "$out" >"$log" 2>&1; then
    return 1
  fi
  ab_comparer_dll=$(cd "$out" && pwd)/BenchGuard.dll
  [ -f "$ab_comparer_dll" ]
}

# comparer ARGS...: the comparer's exit code is passed through (0 ok, 1 regression when asked, 2 bad input).
comparer() { dotnet "$ab_comparer_dll" "$@"; }

# ab_build_timeout: prints BenchmarkDotNet's --buildTimeout for a suite run, as the tool defines it (its `policy`, the
# same limit each A/B launch passes); fails when the tool names none.
ab_build_timeout() {
  local seconds
  seconds=$(comparer policy | sed -n 's/^build-timeout-seconds=\([0-9][0-9]*\)$/\1/p')
  [ -n "$seconds" ] || { echo "the comparer's policy names no build-timeout-seconds" >&2; return 1; }
  echo "$seconds"
}
