# Sourced by the verdict trials (scripts/trials/) until they move into the comparer, as the A/B runner and pr-report
# did (scripts/ResultsComparer/AB/): prepares one side and runs single launches of it, as the runner does.
# A side is a git worktree of one commit with its own Release build of benchmarks/FilePipes.Benchmarks.
#
# Why each side gets its own worktree, the head included: BenchmarkDotNet (0.14, default toolchain) generates a
# child project next to the built dll and finds the benchmark's .csproj by searching recursively from the nearest
# folder that holds a .sln, starting at the current directory. Two FilePipes.Benchmarks.csproj under one .sln root
# make it refuse ("Found more than one matching project file"). So each launch runs from its own worktree's root,
# which holds exactly one copy of the project, and the worktrees are removed afterwards so that a plain
# `dotnet run --project benchmarks/FilePipes.Benchmarks` in the repository keeps working. Building both sides the
# same way (clean checkout, same build arguments) also keeps the comparison fair.

ab_bench_project=benchmarks/FilePipes.Benchmarks/FilePipes.Benchmarks.csproj

# ab_log MESSAGE: progress goes to stderr, so stdout stays free for values.
ab_log() { printf '[ab %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# ab_checkout COMMIT DIR: a detached worktree of COMMIT at DIR (replacing a stale one from an interrupted run).
ab_checkout() {
  local commit=$1 dir=$2
  if [ -e "$dir" ]; then
    git worktree remove --force "$dir" >/dev/null 2>&1 || rm -rf "$dir"
    git worktree prune
  fi
  mkdir -p "$(dirname "$dir")"
  git worktree add --detach --quiet "$dir" "$commit"
}

# ab_build SRC LOG [BUILD ARGS...]: Release build of SRC's benchmark project into SRC/artifacts/ab-bin.
# Returns 3 when SRC has no benchmark project, 4 when the build fails (the log says why), 0 otherwise.
# The output stays inside SRC so that BenchmarkDotNet's generated child project (created next to the dll) imports
# SRC's own Directory.Build.props and Directory.Packages.props, not the other side's.
ab_build() {
  local src=$1 log=$2; shift 2
  [ -f "$src/$ab_bench_project" ] || return 3
  if ! dotnet build -c Release "$src/$ab_bench_project" -o "$src/artifacts/ab-bin" "$@" >"$log" 2>&1; then
    return 4
  fi
  [ -f "$src/artifacts/ab-bin/FilePipes.Benchmarks.dll" ] || return 4
}

# ab_launch SRC OUTDIR LOG TIMEOUT [ENV=VALUE...] -- [BENCHMARK ARGS...]: one BenchmarkDotNet process of SRC's
# build, its artifacts in OUTDIR. Prints "seconds exitcode jsoncount". ENV assignments apply to this launch only
# (the trials set FILEPIPES_SLOWDOWN this way, on the head only).
ab_launch() {
  local src=$1 out=$2 log=$3 limit=$4; shift 4
  local envs=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  local dll started ended code=0 runner=()
  rm -rf "$out"; mkdir -p "$out"
  out=$(cd "$out" && pwd)
  dll=$(cd "$src/artifacts/ab-bin" && pwd)/FilePipes.Benchmarks.dll
  # A hung benchmark must not hold the job: `timeout` is in coreutils and in Git for Windows.
  if command -v timeout >/dev/null 2>&1; then runner=(timeout "$limit"); fi
  started=$(date +%s)
  (cd "$src" && env ${envs[@]+"${envs[@]}"} ${runner[@]+"${runner[@]}"} \
    dotnet "$dll" --launchCount 1 --artifacts "$out" "$@") >"$log" 2>&1 || code=$?
  ended=$(date +%s)
  local count
  count=$(ab_result_files "$out" | wc -l | tr -d ' ')
  echo "$((ended - started)) $code $count"
}

# ab_result_files DIR: the BenchmarkDotNet JSON exports under DIR that the comparer reads: the full export and its
# compressed twin (the suffixes of scripts/ResultsComparer/Results/ResultFiles.cs).
ab_result_files() { find "$1" -type f \( -name '*-report-full.json' -o -name '*-report-full-compressed.json' \); }

# The settings of a method launch (the trials of the runner's method protocol; the runner's own copy, to keep equal
# until the trials move: MethodLaunchArguments in scripts/ResultsComparer/AB/BenchmarkLauncher.cs): in process, and
# iterations of 200 ms without unrolling. A launch of one method is mostly BenchmarkDotNet's own stages: with the
# default 500 ms iterations and an unroll factor of 16, a 30 ms operation ran 32 times per iteration and its pilot
# stage alone took 4 s (14 s per launch); these settings keep 5 measured iterations of several operations each (the
# operations here take milliseconds, so unrolling buys nothing) and cut a launch to about 5 s, so that more rounds
# fit: the rounds, not the iterations, carry the verdict.
ab_method_launch_args=(--inProcess --iterationTime 200 --unrollFactor 1)

# ab_list_methods SRC [BENCHMARK ARGS...]: the benchmark methods (Namespace.Class.Method, one per line) of SRC's
# build that the arguments select; the method-interleaved A/B launches each of them on its own.
ab_list_methods() {
  local src=$1; shift
  (cd "$src" && dotnet artifacts/ab-bin/FilePipes.Benchmarks.dll "$@" --list flat) 2>/dev/null |
    tr -d '\r' | grep -E '^[A-Za-z_][A-Za-z0-9_.]*$' || true
}
