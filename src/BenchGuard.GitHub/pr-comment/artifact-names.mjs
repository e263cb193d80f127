// The one place that names the artifacts passed between workflows. The uploading job
// (benchmarks.yml, update-baselines.yml, ci.yml, release.yml) and the downloading job (pr-comment.yml,
// update-baselines.yml, release.yml) both ask this file, through scripts/artifact-name.sh, so the
// names cannot drift apart.
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const PREFIXES = Object.freeze({
  // Per-OS result of the benchmark workflow: raw results, report.md, report.json, pr-number.
  'pr-report': 'benchguard-perf-',
  // Per-OS result of a baseline-bump run, consumed by the job that opens the baseline PR.
  'baseline-run': 'benchguard-baseline-run-',
  // Per-OS-and-commit A/B check of a step in main's trend (its label is "<os>-<commit>"), read by settle-steps.
  'step-check': 'benchguard-step-check-',
  // The packed library (.nupkg, .snupkg): ci.yml keeps it for anyone to try, release.yml's publish jobs push it.
  'package': 'package-',
  // Stryker's reports from ci.yml's mutation job, for people to read (no workflow downloads them).
  'mutation': 'mutation-',
});

// The names a kind had before the tool had its own name, still downloaded. Only pr-report needs one: pr-comment.yml
// runs this file as the default branch has it, while the PR's run uploaded with the PR's copy, so during a change
// of the prefix either side may be the older one. Every other kind is uploaded and downloaded within one run, by
// one copy of this file.
const FORMER_PREFIXES = Object.freeze({
  'pr-report': 'filepipes-perf-',
});

// Runner labels are the folder names under baselines/; anything else is refused so that an
// artifact name never carries text we did not expect.
const OS_LABEL = /^[a-z0-9][a-z0-9.-]{0,62}$/;

export class UsageError extends Error {}

export function artifactKinds() {
  return Object.keys(PREFIXES);
}

function prefixOf(kind) {
  const prefix = PREFIXES[kind];
  if (!prefix) {
    throw new UsageError(`unknown artifact kind '${kind}' (known: ${artifactKinds().join(', ')})`);
  }
  return prefix;
}

export function artifactName(kind, os) {
  if (!OS_LABEL.test(os ?? '')) {
    throw new UsageError(`'${os}' is not a runner label`);
  }
  return prefixOf(kind) + os;
}

/** The download pattern (a glob, as actions/download-artifact matches it): the name, or its former name too. */
export function artifactPattern(kind) {
  const former = FORMER_PREFIXES[kind];
  return former ? `{${prefixOf(kind)},${former}}*` : `${prefixOf(kind)}*`;
}

/** The OS label an artifact folder name stands for (under its current or former name), or null when it is not one of ours. */
export function osFromArtifactName(kind, name) {
  for (const prefix of [prefixOf(kind), FORMER_PREFIXES[kind]]) {
    if (prefix && name.startsWith(prefix)) {
      const os = name.slice(prefix.length);
      return OS_LABEL.test(os) ? os : null;
    }
  }
  return null;
}

function main(argv) {
  const [kind, arg] = argv;
  if (!kind || !arg) {
    throw new UsageError('usage: artifact-name.sh <kind> <runner-os>|--pattern');
  }
  const key = arg === '--pattern' ? 'pattern' : 'name';
  const value = arg === '--pattern' ? artifactPattern(kind) : artifactName(kind, arg);
  process.stdout.write(`${value}\n`);
  // In a workflow the value becomes a step output (steps.<id>.outputs.name / .pattern).
  if (process.env.GITHUB_OUTPUT) {
    appendFileSync(process.env.GITHUB_OUTPUT, `${key}=${value}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) {
      throw error;
    }
    process.stderr.write(`artifact-name: ${error.message}\n`);
    process.exit(2);
  }
}
