#!/usr/bin/env bash
# End to end test of the A/B runner and scripts/pr-report, on BenchmarkDotNet's `dry` job and a tiny slice, in a
# temporary git repository made from this one, with these commits:
#   base     this repository + a probe benchmark class (two cheap methods that both work)
#   head     base + a trivial library change + the probe's Throws() now throwing
#   broken   base with a compile error in the benchmark project   (a base that does not build)
#   bare     base without benchmarks/                             (a base without the benchmark project)
# Scenarios: a good base (rounds run, merged, compared, report written; the throwing head benchmark shows as Failed,
# the rest are compared), a base that does not build, a base without the benchmark project, a head that does not
# build (pr-report must exit 2), bad usage (exit 2), and the same good base with --interleave method.
# Writes "PASSED FAILED" to artifacts/ci/counts/ab-e2e.txt; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
counts=artifacts/ci/counts
mkdir -p "$counts" artifacts/ci
passed=0 failed=0
check() { # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@" >/dev/null 2>&1; then passed=$((passed + 1)); echo "ok   - $what"
  else failed=$((failed + 1)); echo "FAIL - $what"; fi
}
# Outside this repository: BenchmarkDotNet refuses two FilePipes.Benchmarks.csproj under one .sln root.
tmp=$(mktemp -d)
# A crash of this script is a failure too, never a silent pass.
finish() {
  local status=$?
  if [ $status -ne 0 ] && [ $failed -eq 0 ]; then failed=1; fi
  echo "$passed $failed" >"$repo/$counts/ab-e2e.txt"
  echo "ab-e2e: $passed passed, $failed failed"
  [ -n "${AB_E2E_KEEP:-}" ] || rm -rf "$tmp"
  exit $status
}
trap finish EXIT
export FILEPIPES_FIXTURES="$repo/artifacts/fixtures"
export GIT_AUTHOR_NAME=ab-e2e GIT_AUTHOR_EMAIL=ab-e2e@localhost GIT_COMMITTER_NAME=ab-e2e GIT_COMMITTER_EMAIL=ab-e2e@localhost

work=$tmp/repo
mkdir -p "$work"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$work"
cd "$work"
git init -q -b main .
mkdir -p baselines/ubuntu-latest baselines/windows-latest
probe=benchmarks/FilePipes.Benchmarks/E2eProbeBenchmarks.cs
write_probe() { # write_probe BODY-OF-Throws
  cat >"$probe" <<EOF
using BenchmarkDotNet.Attributes;
using FilePipes.Benchmarks.Configuration;

namespace FilePipes.Benchmarks;

/// <summary>A probe for the A/B end-to-end test only; never committed to the repository.</summary>
[Config(typeof(SuiteConfig))]
public class E2eProbeBenchmarks
{
    private readonly int[] values = [1, 2, 3, 4, 5, 6, 7, 8];

    /// <summary>Always works.</summary>
    /// <returns>A sum.</returns>
    [Benchmark]
    public int Works() => this.values.Sum();

    /// <summary>Works in the base, throws in the head.</summary>
    /// <returns>A sum.</returns>
    [Benchmark]
    public int Throws() => $1;
}
EOF
}
write_probe 'this.values.Sum()'
git add -A && git commit -qm base && git tag base
write_probe 'throw new InvalidOperationException("injected by ab-e2e")'
echo '// ab-e2e: a trivial head change' >>src/FilePipes/FilePipe.cs
git add -A && git commit -qm head && git tag head
git checkout -q base
echo 'this is not C#' >benchmarks/FilePipes.Benchmarks/E2eBroken.cs
git add -A && git commit -qm broken && git tag broken
git checkout -q base
git rm -rq benchmarks && git commit -qm bare && git tag bare
git checkout -q head

slice=(--profile full --bench-arg --job --bench-arg dry --filter '*E2eProbeBenchmarks*')
real_case='*ReadBenchmarks.FileStreamSync(BufferSize: 65536, FileOptions: SequentialScan, File: 4MiB)'
has() { grep -Eq "$2" "$1"; }
json_verdict() { # json_verdict FILE NAME-FRAGMENT VERDICT-REGEX: the benchmark's entry has a verdict matching it
  python3 - "$@" <<'EOF'
import json, re, sys
doc = json.load(open(sys.argv[1]))
items = doc.get("Benchmarks") or doc.get("benchmarks") or []
for b in items:
    name = b.get("FullName") or b.get("fullName") or ""
    if sys.argv[2] in name:
        sys.exit(0 if re.fullmatch(sys.argv[3], b.get("Verdict") or b.get("verdict") or "") else 1)
sys.exit(1)
EOF
}

# 0. The launches merged are those holding an export the comparer reads, full or compressed, in round order.
launches=$tmp/launch-files
mkdir -p "$launches/head-r01" "$launches/head-r02" "$launches/head-r03" "$launches/base-r01"
echo '{}' >"$launches/head-r01/Demo-report-full.json"
echo '{}' >"$launches/head-r02/Demo-report-full-compressed.json"
echo '{}' >"$launches/head-r03/Demo-report-brief.json"
echo '{}' >"$launches/base-r01/Demo-report-full.json"
# shellcheck source=../ab/side.sh
check "side inputs: full and compressed exports count, other files do not" \
  test "$(. "$repo/scripts/ab/side.sh" && ab_side_inputs "$launches" head | tr '\n' ' ')" = "$launches/head-r01 $launches/head-r02 "

# The scenarios share one output folder and keep their worktrees (--keep-src), so the head is built once and reused
# (--reuse-build): a build is most of each scenario's time. The last scenario with a good head drops --keep-src and
# checks that its worktrees are removed.
out=$tmp/out
reuse=(--keep-src --reuse-build)

# 1. A base that does not build: said in the report, the head still measured, exit 0.
code=0
bash scripts/pr-report --base broken --head head --rounds 1 --out "$out" "${slice[@]}" "${reuse[@]}" \
  >"$tmp/broken.log" 2>&1 || code=$?
check "broken base: pr-report exits 0" test "$code" -eq 0
check "broken base: ab-error says it does not build" has "$out/ab/ab-error.txt" 'does not build'
check "broken base: the report says so" has "$out/report.md" 'does not build'
check "broken base: the head was still measured" test -n "$(find "$out/results" -name '*-report-full*.json')"

# 2. A base without the benchmark project.
code=0
bash scripts/pr-report --base bare --head head --rounds 1 --out "$out" "${slice[@]}" "${reuse[@]}" \
  >"$tmp/bare.log" 2>&1 || code=$?
check "bare base: pr-report exits 0" test "$code" -eq 0
check "bare base: ab-error says there is no benchmark project" has "$out/ab/ab-error.txt" 'no benchmark project'
check "bare base: the report says so" has "$out/report.md" 'no benchmark project'
check "bare base: the head build was reused" has "$tmp/bare.log" 'reusing the build'

# 3m. A good base, method-interleaved: each method (or case-level glob) its own in-process launch, sides alternating
# per method; one extra out-of-process head launch makes results/ for the stored-baseline comparison.
code=0
bash scripts/pr-report --base base --head head --rounds 2 --interleave method --out "$out" "${slice[@]}" \
  --filter "$real_case" "${reuse[@]}" >"$tmp/method.log" 2>&1 || code=$?
count_cases() { # count_cases DIR NAME-FRAGMENT: benchmarks whose FullName holds the fragment, over DIR's exports
  python3 - "$@" <<'EOF'
import glob, json, sys
names = [b["FullName"] for f in glob.glob(sys.argv[1] + "/**/*-report-full*.json", recursive=True)
         for b in json.load(open(f))["Benchmarks"] if sys.argv[2] in b["FullName"]]
print(len(names))
EOF
}
check "method: pr-report exits 0" test "$code" -eq 0
check "method: A/B comparison made (ab.json)" test -s "$out/ab/ab.json"
check "method: one unit per probe method and one for the case glob" \
  test "$(awk -F'\t' 'NR>1 && $1 != "head-oop" {print $6}' "$out/ab/launches.tsv" | sort -u | wc -l)" -eq 3
check "method: sides alternate per method and per round (base head, head base, base head, then reversed)" \
  test "$(awk -F'\t' 'NR>1 && $1 != "head-oop" {printf "%s ", $1}' "$out/ab/launches.tsv")" = \
  "base head head base base head head base base head head base "
check "method: A/B launches ran in process" grep -rq InProcessEmitToolchain "$out/ab/merged/head"
check "method: the head's out-of-process launch feeds results/" \
  test "$(awk -F'\t' '$1 == "head-oop" && $5 > 0' "$out/ab/launches.tsv" | wc -l)" -eq 1
check "method: results/ was measured out of process" test -z "$(grep -rl InProcessEmitToolchain "$out/results")"
check "method: the case glob ran its one case only" test "$(count_cases "$out/ab/merged/head" ReadBenchmarks.FileStreamSync)" -eq 1
check "method: the throwing head benchmark is Failed" json_verdict "$out/ab/ab.json" "E2eProbeBenchmarks.Throws" Failed
check "method: the working probe benchmark is compared" json_verdict "$out/ab/ab.json" "E2eProbeBenchmarks.Works" 'Same|Unknown|Slower|Faster'
code=0; bash scripts/pr-report --interleave cases --rounds 1 >/dev/null 2>&1 || code=$?
check "bad usage: --interleave cases exits 2" test "$code" -eq 2

# 3. A good base, suite-interleaved: ABBA rounds, merge, compare, report; the throwing head benchmark is Failed, the others compared.
code=0
bash scripts/pr-report --base base --head head --rounds 2 --interleave suite --out "$out" "${slice[@]}" \
  --filter "$real_case" --reuse-build >"$tmp/good.log" 2>&1 || code=$?
check "good base: pr-report exits 0" test "$code" -eq 0
check "good base: report.md written" test -s "$out/report.md"
check "good base: report.json written" test -s "$out/report.json"
check "good base: A/B comparison made (ab.json)" test -s "$out/ab/ab.json"
check "good base: no A/B error" test ! -e "$out/ab/ab-error.txt"
check "good base: ABBA order (base, head, head, base)" \
  test "$(cut -f1,2 "$out/ab/launches.tsv" | tail -n +2 | tr '\t\n' ': ')" = "base:1 head:1 head:2 base:2 "
check "good base: every launch produced results" test "$(awk -F'\t' 'NR>1 && $5>0' "$out/ab/launches.tsv" | wc -l)" -eq 4
check "good base: head results merged into results/" test -n "$(find "$out/results" -name '*-report-full*.json')"
check "good base: the throwing head benchmark is Failed" json_verdict "$out/ab/ab.json" "E2eProbeBenchmarks.Throws" Failed
# Two dry launches per side are too few to decide: Unknown is the honest verdict, any decided one is fine too.
check "good base: the working probe benchmark is compared" json_verdict "$out/ab/ab.json" "E2eProbeBenchmarks.Works" 'Same|Unknown|Slower|Faster'
check "good base: the real benchmark case is compared" json_verdict "$out/ab/ab.json" 'ReadBenchmarks.FileStreamSync' 'Same|Unknown|Slower|Faster'
check "good base: worktrees removed afterwards" test ! -e "$out/ab/base-src" -a ! -e "$out/ab/head-src"
check "good base: the report names the OS" has "$out/report.md" 'ubuntu-latest'

# 4. A head that does not build is the PR's own failure: exit 2, one line.
code=0
bash scripts/pr-report --base base --head broken --rounds 1 --out "$out" "${slice[@]}" --reuse-build \
  >"$tmp/head-broken.log" 2>"$tmp/head-broken.err" || code=$?
check "broken head: pr-report exits 2" test "$code" -eq 2
check "broken head: says the head does not build" has "$tmp/head-broken.err" "head's benchmark project does not build"

# 5. Bad usage.
code=0; bash scripts/pr-report --rounds zero >/dev/null 2>&1 || code=$?
check "bad usage: --rounds zero exits 2" test "$code" -eq 2
code=0; bash scripts/pr-report --os plan9-latest >/dev/null 2>&1 || code=$?
check "bad usage: unknown --os exits 2" test "$code" -eq 2
# A knob the comparer would refuse later must stop pr-report up front, not end as an A/B error in an exit-0 report.
for knob in '--alloc-threshold 5' '--paired-rule wilcoxon' '--paired-alpha 2'; do
  code=0; bash scripts/pr-report $knob >/dev/null 2>&1 || code=$?
  check "bad usage: $knob exits 2" test "$code" -eq 2
done

for log in "$tmp"/*.log; do echo "--- $(basename "$log") (last lines)"; tail -n 5 "$log"; done
[ "$failed" -eq 0 ]
