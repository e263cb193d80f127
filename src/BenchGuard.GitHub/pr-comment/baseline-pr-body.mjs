// The body of the baseline-bump PR: per OS, what `baseline update` changed and how the new run
// compares with the baseline it replaces. GitHub caps a PR body at 65,536 characters.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { capMarkdown, InputError, nestHeadings } from './compose.mjs';

const MAX_BODY_CHARS = 60000;

export function baselinePrTitle(oses, profile) {
  return `Update performance baselines (${oses.join(', ')}, ${profile})`;
}

/** sections: [{ os, updateLog, comparison }] (comparison markdown may be null when there was no old baseline). */
export function composeBaselinePrBody({ profile, filter, runUrl, sections }) {
  const header = [
    `## ${baselinePrTitle(sections.map((s) => s.os), profile)}`,
    '',
    `Measured by [this workflow run](${runUrl}) with the \`${profile}\` profile and filter \`${filter}\`.`,
    'This PR changes only `baselines/`. Entries for benchmarks outside this run are kept as they were.',
    'Merging it makes these numbers the reference for allocation gates and indicative timings on every PR.',
    '',
  ].join('\n');
  const perOs = Math.floor((MAX_BODY_CHARS - header.length) / Math.max(sections.length, 1)) - 400;
  const parts = sections.map(({ os, updateLog, comparison }) => {
    const update = capMarkdown(updateLog.trim() || '(no output)', Math.floor(perOs / 3), runUrl).replaceAll('```', "'''");
    const compared = comparison === null
      ? '_No previous baseline for this OS: every benchmark is New._'
      : capMarkdown(nestHeadings(comparison, 4), perOs - update.length, runUrl).trimEnd();
    return [`### ${os}`, '', '<details><summary>What <code>baseline update</code> changed</summary>', '', '```',
      update.trimEnd(), '```', '', '</details>', '', '#### New run vs the old baseline', '', compared].join('\n');
  });
  return `${header}\n${parts.join('\n\n')}\n`;
}

// CLI: baseline-pr-body.mjs --profile P --filter F --run-url URL --out FILE OS=UPDATE_LOG[:COMPARISON_MD] ...
function main(argv) {
  const options = {};
  const sections = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      options[arg.slice(2)] = argv[++i];
      continue;
    }
    const match = /^([a-z0-9.-]+)=([^:]+)(?::(.+))?$/.exec(arg);
    if (!match) {
      throw new InputError(`'${arg}' is not OS=UPDATE_LOG[:COMPARISON_MD]`);
    }
    const [, os, logPath, comparisonPath] = match;
    sections.push({
      os,
      updateLog: readFileSync(logPath, 'utf8'),
      comparison: comparisonPath ? readFileSync(comparisonPath, 'utf8') : null,
    });
  }
  for (const name of ['profile', 'filter', 'run-url', 'out']) {
    if (!options[name]) {
      throw new InputError(`--${name} is required`);
    }
  }
  if (sections.length === 0) {
    throw new InputError('no OS sections given');
  }
  writeFileSync(options.out, composeBaselinePrBody({ profile: options.profile, filter: options.filter, runUrl: options['run-url'], sections }));
  process.stdout.write(`${baselinePrTitle(sections.map((s) => s.os), options.profile)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof InputError) && error.code !== 'ENOENT') {
      throw error;
    }
    process.stderr.write(`baseline-pr-body: ${error.message}\n`);
    process.exit(2);
  }
}
