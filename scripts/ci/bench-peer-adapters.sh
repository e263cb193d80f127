#!/usr/bin/env bash
# Builds the benchmark suite with the peer adapters on (-p:PeerAdapters=true, as the benchmark workflow does) and runs
# its smoke tests, which then also call the Nerdbank.Streams and Pipelines.Sockets.Unofficial benchmarks once.
# Writes "PASSED FAILED" to artifacts/ci/counts/bench-peer-adapters.txt; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
counts_dir=artifacts/ci/counts
log=artifacts/ci/bench-peer-adapters.log
mkdir -p "$counts_dir"
status=0
dotnet test tests/FilePipes.Benchmarks.Tests -p:PeerAdapters=true 2>&1 | tee "$log" || status=1
bash scripts/ci/count-dotnet-test.sh "$log" > "$counts_dir/bench-peer-adapters.txt" || status=1
exit "$status"
