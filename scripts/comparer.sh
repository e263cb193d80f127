# Sourced by bench-main.sh and baseline-pr.sh: builds the results comparer (src/BenchGuard) once and runs the
# built dll, so that their several merge/compare calls do not each pay for `dotnet run`'s build check.

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
