#!/usr/bin/env bash
# Assembles the trend site folder: index.html, trend.css, js/, vendor/chart.umd.js (from the pinned npm
# package, never a CDN) and config.js (the policy values the page applies, and the classes' baseline methods).
#
# The page loads ./data.js, github-action-benchmark's file. On gh-pages the workflow runs this with
# --out dev/bench, next to the action's dev/bench/data.js. This script never writes, moves or deletes data.js
# (the action owns it) nor anything else in DIR that is not one of the files above.
#
# usage: build-site.sh --out DIR --alert-threshold PERCENT --allocation-tolerance-bytes N [--baseline-method Class=Method]...
#   --alert-threshold             the value given to github-action-benchmark's alert-threshold
#   --allocation-tolerance-bytes  the least growth of an allocation that may alert
#                                 (both are scripts/policy's values: this script restates neither)
#   --baseline-method             a class's baseline method for the ratio view (default ReadBenchmarks=FileStreamSync;
#                                 giving any replaces the default)
# exit codes: 0 ok, 2 bad usage or a failed install/copy
set -euo pipefail

site_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
USAGE="usage: build-site.sh --out DIR --alert-threshold PERCENT --allocation-tolerance-bytes N [--baseline-method Class=Method]..."
fail() { echo "build-site: $1" >&2; exit 2; }

out=""
threshold=""
tolerance=""
baselines=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out|--alert-threshold|--allocation-tolerance-bytes|--baseline-method) [ $# -ge 2 ] || fail "$1 needs a value; $USAGE" ;;&
    --out) out=$2; shift 2 ;;
    --alert-threshold) threshold=$2; shift 2 ;;
    --allocation-tolerance-bytes) tolerance=$2; shift 2 ;;
    --baseline-method) baselines+=("$2"); shift 2 ;;
    -h|--help) echo "$USAGE"; exit 0 ;;
    *) fail "unknown argument '$1'; $USAGE" ;;
  esac
done
[ -n "$out" ] || fail "--out DIR is required; $USAGE"
# The action's own format (a number and a percent sign); the page parses it the same way.
[[ "$threshold" =~ ^[0-9]+(\.[0-9]+)?%$ ]] || fail "--alert-threshold must be a percentage such as 150%, got '$threshold'"
[[ "$tolerance" =~ ^[0-9]+$ ]] || fail "--allocation-tolerance-bytes must be whole bytes, got '$tolerance'"
[ ${#baselines[@]} -gt 0 ] || baselines=("ReadBenchmarks=FileStreamSync")
baseline_json=""
for pair in "${baselines[@]}"; do
  [[ "$pair" =~ ^([A-Za-z_][A-Za-z0-9_]*)=([A-Za-z_][A-Za-z0-9_]*)$ ]] \
    || fail "--baseline-method must look like Class=Method, got '$pair'"
  baseline_json+="${baseline_json:+, }\"${BASH_REMATCH[1]}\": \"${BASH_REMATCH[2]}\""
done

chart_dist="$site_dir/node_modules/chart.js/dist/chart.umd.js"
if [ ! -f "$chart_dist" ]; then
  (cd "$site_dir" && npm ci --no-audit --no-fund >&2) || fail "npm ci in $site_dir failed"
fi
[ -f "$chart_dist" ] || fail "chart.js dist file missing after npm ci: $chart_dist"

mkdir -p "$out/js" "$out/vendor" 2>/dev/null || fail "cannot create $out/js and $out/vendor"
{
  cp "$site_dir/page/index.html" "$site_dir/page/trend.css" "$out/" &&
  cp "$site_dir"/page/js/*.js "$out/js/" &&
  cp "$chart_dist" "$out/vendor/chart.umd.js" &&
  cp "$site_dir/node_modules/chart.js/LICENSE.md" "$out/vendor/chart.js-LICENSE.md"
} || fail "copying the site into $out failed"
chart_version=$(sed -n 's/^ \* Chart.js v\([0-9.]*\)$/\1/p' "$chart_dist" | head -n 1)

cat > "$out/config.js" <<CONFIG || fail "cannot write $out/config.js"
// Written by src/BenchGuard.GitHub/site/build-site.sh; not edited by hand.
window.FILEPIPES_TREND_CONFIG = {
  "alertThreshold": "$threshold",
  "allocationToleranceBytes": $tolerance,
  "baselineMethods": { $baseline_json },
  "chartJsVersion": "$chart_version"
};
CONFIG
# An empty record of the alert checks, so the page loads without a 404 before the first alert; on gh-pages the
# publish workflow keeps the real one (scripts/publish-trend.sh place-page never replaces it).
echo 'window.FILEPIPES_ALERT_CHECKS = {};' > "$out/alert-checks.js" || fail "cannot write $out/alert-checks.js"
echo "build-site: assembled $out (chart.js $chart_version, alert threshold $threshold); the page loads ./data.js"
