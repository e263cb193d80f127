# Sourced by collect.sh and collect-rounds.sh once they have parsed their options (pool, commit, until and their own
# fail_usage): sets deadline (epoch seconds, or empty), repo, pool (made absolute) and src, where COMMIT is checked
# out and built once for the whole pool.
deadline=''
if [ -n "$until" ]; then
  deadline=$(date -u -d "$until" +%s 2>/dev/null) || fail_usage "--until needs HH:MM (UTC) that date -d understands"
fi

trials_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../ab/side.sh
. "$trials_dir/../ab/side.sh"
repo=$(git rev-parse --show-toplevel)
cd "$repo"
mkdir -p "$pool/launches" "$pool/logs"
pool=$(cd "$pool" && pwd)
export FILEPIPES_FIXTURES="${FILEPIPES_FIXTURES:-$repo/artifacts/fixtures}"

src=$pool/src
if [ ! -f "$src/artifacts/ab-bin/FilePipes.Benchmarks.dll" ]; then
  sha=$(git rev-parse --verify "$commit^{commit}")
  ab_checkout "$sha" "$src"
  ab_log "building $sha"
  ab_build "$src" "$pool/logs/build.log" || fail_usage "the build failed (see $pool/logs/build.log)"
  echo "$sha" >"$pool/commit.txt"
fi
