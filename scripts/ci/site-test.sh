#!/usr/bin/env bash
# Tests the gh-pages trend site in a real headless Chromium: installs what it needs through the project's own
# files (Debian's chromium when /usr/bin/chromium is missing; playwright-core and chart.js from
# src/BenchGuard.GitHub/site/package-lock.json), assembles the site, runs src/BenchGuard.GitHub/site/test/*.test.mjs, and writes
# "PASSED FAILED" to artifacts/ci/counts/site-test.txt. Screenshots land in artifacts/site-test/.
# Idempotent; exits non-zero on any failure, including a failed install.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1

counts_dir=artifacts/ci/counts
out=artifacts/site-test
mkdir -p "$counts_dir" "$out"

give_up() {
  echo "site-test: $1" >&2
  echo "0 1" > "$counts_dir/site-test.txt"
  exit 1
}

if [ ! -x /usr/bin/chromium ]; then
  [ "$(id -u)" -eq 0 ] || give_up "/usr/bin/chromium is missing and installing it needs root (apt-get install chromium)"
  echo "site-test: installing Debian's chromium"
  { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; } > "$out/apt.log" 2>&1 \
    || give_up "apt-get install chromium failed; see $out/apt.log"
fi

(cd src/BenchGuard.GitHub/site && npm ci --no-audit --no-fund) > "$out/npm.log" 2>&1 || give_up "npm ci in src/BenchGuard.GitHub/site failed; see $out/npm.log"

site="$out/site"
rm -rf "$site"
# The page as the workflow builds it: with the policy values the tool defines (scripts/policy).
policy=$(scripts/policy) || give_up "scripts/policy failed"
value() { sed -n "s/^$1=//p" <<< "$policy"; }
bash src/BenchGuard.GitHub/site/build-site.sh --out "$site" --alert-threshold "$(value trend-alert-threshold)" \
  --allocation-tolerance-bytes "$(value allocation-tolerance-bytes)" || give_up "build-site.sh failed"

log="$out/test.tap"
SITE_DIR="$site" SITE_SCREENSHOTS="$out" \
  node --test --test-reporter=tap src/BenchGuard.GitHub/site/test/*.test.mjs \
  > "$log" 2>&1
status=$?
grep -E '^(not ok|ok) |^# (tests|pass|fail) ' "$log" || true

passed=$(sed -n 's/^# pass \([0-9][0-9]*\)$/\1/p' "$log" | tail -n 1)
failed=$(sed -n 's/^# fail \([0-9][0-9]*\)$/\1/p' "$log" | tail -n 1)
if [ -z "$passed" ] || [ -z "$failed" ]; then
  give_up "no test summary in $log (the runner died?)"
fi
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1
fi
echo "$passed $failed" > "$counts_dir/site-test.txt"
if [ "$failed" -ne 0 ]; then
  echo "site-test: $failed failed; details in $log" >&2
  exit 1
fi
echo "site-test: $passed passed; screenshots in $out/"
