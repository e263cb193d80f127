// Merges the per-OS reports of one benchmark run into the single PR comment.
// Everything read here comes from artifacts that PR code produced, so it is treated as
// untrusted: only regular files with known names are read, each with a size cap, the PR number
// must be a plain integer that every leg agrees on, and the markdown is capped and defused.
import { lstatSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { osFromArtifactName } from './artifact-names.mjs';

export const MARKER = '<!-- benchguard-perf -->';
const RUN_MARKER_PREFIX = '<!-- benchguard-perf-run: ';
// The markers the comment carried before the tool had its name: a comment an older run posted is still ours to update.
export const FORMER_MARKER = '<!-- filepipes-perf -->';
const MARKER_STEMS = ['<!-- benchguard-perf', '<!-- filepipes-perf'];

// GitHub refuses comment bodies above 65,536 characters; keep a margin for our own text.
export const MAX_COMMENT_CHARS = 60000;
const MAX_PR_NUMBER_BYTES = 32;
// A report larger than this on disk is not read at all (it could be anything).
const MAX_REPORT_BYTES = 1024 * 1024;

export class InputError extends Error {}

/** The PR number from an artifact: digits only, no sign, no leading zero, at most 10 digits. */
export function parsePrNumber(text) {
  const trimmed = String(text).trim();
  if (!/^[1-9][0-9]{0,9}$/.test(trimmed)) {
    throw new InputError(`PR number '${trimmed.slice(0, 20)}' is not a positive integer`);
  }
  return Number(trimmed);
}

function readRegularFile(path, maxBytes) {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return null;
  }
  if (!stat.isFile()) {
    throw new InputError(`${path} is not a regular file`);
  }
  if (stat.size > maxBytes) {
    throw new InputError(`${path} is ${stat.size} bytes, more than the ${maxBytes} allowed`);
  }
  return readFileSync(path, 'utf8');
}

/** Reads one leg's artifact folder: { prNumber, markdown } (either may be null), or null if absent. */
export function readLeg(dir) {
  try {
    if (!lstatSync(dir).isDirectory()) {
      throw new InputError(`${dir} is not a directory`);
    }
  } catch (error) {
    if (error instanceof InputError) {
      throw error;
    }
    return null;
  }
  const prText = readRegularFile(join(dir, 'pr-number'), MAX_PR_NUMBER_BYTES);
  const markdown = readRegularFile(join(dir, 'report.md'), MAX_REPORT_BYTES);
  return { prNumber: prText === null ? null : parsePrNumber(prText), markdown };
}

/**
 * Keeps untrusted markdown from pinging people or forging our marker, then caps its length.
 * The cut falls on a line boundary and re-closes any <details> or code fence it left open, so
 * the sections after it still render.
 */
export function capMarkdown(markdown, limit, fullReportUrl) {
  let text = markdown
    .replaceAll(MARKER_STEMS[0], '<!-- quoted-perf')
    .replaceAll(MARKER_STEMS[1], '<!-- quoted-perf')
    .replace(/@(?=[A-Za-z0-9])/g, '@\u200b');
  if (text.length <= limit) {
    return text;
  }
  const original = text.length;
  let cut = text.lastIndexOf('\n', limit);
  if (cut <= 0) {
    cut = limit;
  }
  text = text.slice(0, cut);
  let closing = '';
  if ((text.match(/^```/gm) ?? []).length % 2 === 1) {
    closing += '\n```';
  }
  const open = (text.match(/<details\b/gi) ?? []).length - (text.match(/<\/details>/gi) ?? []).length;
  for (let i = 0; i < open; i++) {
    closing += '\n</details>';
  }
  return `${text}${closing}\n\n> ✂️ Report truncated: ${cut} of ${original} characters shown. ` +
    `The full report is in the [run's artifacts](${fullReportUrl}).\n`;
}

/**
 * Shifts the ATX headings of a report that goes under a heading of level parentLevel, so that its shallowest
 * heading becomes parentLevel + 1 and the rest keep their relative depth (capped at 6, markdown's deepest).
 * A report whose headings already sit deeper is left alone. Lines inside code fences are not headings.
 */
export function nestHeadings(markdown, parentLevel) {
  const lines = markdown.split('\n');
  const headings = [];
  let fence = null;
  lines.forEach((line, index) => {
    const fenceMark = line.match(/^ {0,3}(`{3,}|~{3,})/);
    if (fenceMark) {
      if (fence === null) {
        fence = fenceMark[1][0];
      } else if (fenceMark[1][0] === fence) {
        fence = null;
      }
      return;
    }
    const heading = fence === null ? line.match(/^( {0,3})(#{1,6})(?=[ \t]|$)/) : null;
    if (heading) {
      headings.push({ index, indent: heading[1], level: heading[2].length });
    }
  });
  const shift = headings.length === 0 ? 0 : parentLevel + 1 - Math.min(...headings.map((h) => h.level));
  if (shift <= 0) {
    return markdown;
  }
  for (const { index, indent, level } of headings) {
    lines[index] = indent + '#'.repeat(Math.min(level + shift, 6)) + lines[index].slice(indent.length + level);
  }
  return lines.join('\n');
}

const FAILED = new Set(['failure', 'cancelled', 'timed_out', 'startup_failure', 'action_required']);
const STATE_WORDS = {
  failure: 'failed',
  cancelled: 'was cancelled',
  timed_out: 'timed out',
  startup_failure: 'failed to start',
  action_required: 'is waiting for approval',
  success: 'succeeded',
  skipped: 'was skipped',
};

const LEG_HEADING_LEVEL = 3;

function legSection(leg, runUrl, perLegLimit) {
  const link = leg.jobUrl ?? runUrl;
  const lines = [`${'#'.repeat(LEG_HEADING_LEVEL)} ${leg.os}`, ''];
  const words = STATE_WORDS[leg.conclusion] ?? 'ended in an unknown state';
  if (leg.markdown === null || leg.markdown === undefined) {
    lines.push(`> ❌ The ${leg.os} leg ${words} and produced no report. [See the run](${link}).`);
    return lines.join('\n');
  }
  if (FAILED.has(leg.conclusion)) {
    lines.push(`> ❌ The ${leg.os} leg ${words}: a regression beyond the fail policy, or an error after ` +
      `the report was written. [See the run](${link}).`, '');
  }
  // The OS report starts at its own level-2 heading; under this section's heading it must sit deeper.
  lines.push(capMarkdown(nestHeadings(leg.markdown, LEG_HEADING_LEVEL), perLegLimit, runUrl).trimEnd());
  return lines.join('\n');
}

/**
 * The comment body. legs: [{ os, conclusion, jobUrl, markdown }] in display order.
 * runId orders comments: the poster never replaces a comment made by a newer run.
 */
export function composeComment({ runId, runUrl, headSha, legs }) {
  if (!/^[0-9]+$/.test(String(runId))) {
    throw new InputError(`run id '${runId}' is not an integer`);
  }
  const sha = /^[0-9a-f]{7,40}$/.test(headSha ?? '') ? headSha.slice(0, 10) : 'unknown';
  const header = [
    MARKER,
    `${RUN_MARKER_PREFIX}${runId} -->`,
    '## Performance',
    '',
    `Head \`${sha}\` · [benchmark run](${runUrl}) · one section per OS. ` +
      'Timing head vs base is measured on the same runner (A/B); timing vs the stored baseline is indicative only; ' +
      'each section ends with what fails its check.',
    '',
  ].join('\n');
  const perLegLimit = Math.floor((MAX_COMMENT_CHARS - header.length) / Math.max(legs.length, 1)) - 600;
  const body = `${header}\n${legs.map((leg) => legSection(leg, runUrl, perLegLimit)).join('\n\n')}\n`;
  if (body.length > MAX_COMMENT_CHARS) {
    throw new Error(`composed comment is ${body.length} characters, above ${MAX_COMMENT_CHARS}`);
  }
  return body;
}

/** True when a comment's body carries our marker, current or former. */
export function hasMarker(commentBody) {
  return commentBody.includes(MARKER) || commentBody.includes(FORMER_MARKER);
}

/** The run id recorded in a comment we wrote (under either marker), or null. */
export function runIdOf(commentBody) {
  const match = commentBody.match(/<!-- (?:benchguard|filepipes)-perf-run: ([0-9]+) -->/);
  return match ? Number(match[1]) : null;
}

/**
 * Reads every expected leg from incomingDir (folders named by artifact-names.mjs) and joins
 * them with the job conclusions. Returns { prNumber, legs }; prNumber is null when no leg left one.
 */
export function collectLegs({ incomingDir, oses, jobs = {} }) {
  // OS -> the folder its artifact landed in (under the current name, or the former one an older run uploaded).
  const present = new Map();
  let entries = [];
  try {
    entries = readdirSync(incomingDir);
  } catch {
    entries = [];
  }
  for (const entry of entries) {
    const os = osFromArtifactName('pr-report', entry);
    if (os === null || !oses.includes(os) || present.has(os)) {
      throw new InputError(`unexpected artifact '${entry.slice(0, 80)}' in ${incomingDir}`);
    }
    present.set(os, entry);
  }
  const numbers = new Set();
  const legs = oses.map((os) => {
    const leg = present.has(os) ? readLeg(join(incomingDir, present.get(os))) : null;
    if (leg?.prNumber) {
      numbers.add(leg.prNumber);
    }
    return { os, conclusion: jobs[os]?.conclusion ?? null, jobUrl: jobs[os]?.url ?? null, markdown: leg?.markdown ?? null };
  });
  if (numbers.size > 1) {
    throw new InputError(`the legs disagree on the PR number (${[...numbers].join(', ')})`);
  }
  return { prNumber: numbers.size === 1 ? [...numbers][0] : null, legs };
}

function parseArgs(argv) {
  const args = { oses: [], jobs: null };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) {
      throw new InputError(`${flag} needs a value`);
    }
    switch (flag) {
      case '--incoming': args.incoming = value; break;
      case '--oses': args.oses = value.split(',').filter(Boolean); break;
      case '--jobs': args.jobs = value; break;
      case '--run-id': args.runId = value; break;
      case '--run-url': args.runUrl = value; break;
      case '--head-sha': args.headSha = value; break;
      case '--out': args.out = value; break;
      default: throw new InputError(`unknown option ${flag}`);
    }
  }
  for (const required of ['incoming', 'runId', 'runUrl', 'out']) {
    if (!args[required]) {
      throw new InputError(`--${required.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is required`);
    }
  }
  if (args.oses.length === 0) {
    throw new InputError('--oses is required (comma-separated runner labels)');
  }
  return args;
}

// CLI: node compose.mjs --incoming DIR --oses a,b [--jobs jobs.json] --run-id N --run-url URL
//      [--head-sha SHA] --out DIR  → DIR/comment.md and DIR/pr-number. Exit 2 on bad input.
function main(argv) {
  const args = parseArgs(argv);
  const jobs = args.jobs ? JSON.parse(readFileSync(args.jobs, 'utf8')) : {};
  const { prNumber, legs } = collectLegs({ incomingDir: args.incoming, oses: args.oses, jobs });
  const body = composeComment({ runId: args.runId, runUrl: args.runUrl, headSha: args.headSha, legs });
  mkdirSync(args.out, { recursive: true });
  writeFileSync(join(args.out, 'comment.md'), body);
  writeFileSync(join(args.out, 'pr-number'), prNumber === null ? '' : `${prNumber}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof InputError)) {
      throw error;
    }
    process.stderr.write(`compose: ${error.message}\n`);
    process.exit(2);
  }
}
