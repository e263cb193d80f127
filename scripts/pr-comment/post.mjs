// The comment job's one step: learn how each OS leg of the benchmark run ended, merge the legs'
// reports into one comment (compose.mjs), check that the PR number from the artifacts really is
// the PR this run tested, and create or update our single comment on it.
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { collectLegs, composeComment, InputError, MARKER, runIdOf } from './compose.mjs';
import { GitHubRest } from './github-rest.mjs';

const BOT_LOGIN = 'github-actions[bot]';
// The benchmark workflow names its matrix jobs "suite (<os>)".
const JOB_NAME = /^suite \(([a-z0-9.-]+)\)$/;

export async function jobsByOs(github, runId) {
  const jobs = await github.all(`/actions/runs/${runId}/jobs?filter=latest`, (page) => page.jobs);
  const byOs = {};
  for (const job of jobs) {
    const match = JOB_NAME.exec(job.name ?? '');
    if (match) {
      byOs[match[1]] = { conclusion: job.conclusion ?? job.status ?? null, url: job.html_url ?? null };
    }
  }
  return byOs;
}

/** Creates or updates our comment; returns 'created', 'updated' or 'stale' (a newer run already wrote it). */
export async function upsertComment(github, prNumber, runId, body) {
  const comments = await github.all(`/issues/${prNumber}/comments`);
  const ours = comments.find((c) => c.user?.login === BOT_LOGIN && (c.body ?? '').includes(MARKER));
  if (!ours) {
    await github.request('POST', `/issues/${prNumber}/comments`, { body });
    return 'created';
  }
  const recorded = runIdOf(ours.body);
  if (recorded !== null && recorded > Number(runId)) {
    return 'stale';
  }
  await github.request('PATCH', `/issues/comments/${ours.id}`, { body });
  return 'updated';
}

export async function postReport({ github, runId, runUrl, headSha, incomingDir, oses, log = console.log }) {
  const jobs = await jobsByOs(github, runId);
  const { prNumber, legs } = collectLegs({ incomingDir, oses, jobs });
  if (prNumber === null) {
    log('No leg left a PR number: nothing to comment on.');
    return 'nothing';
  }
  // The number came from PR-controlled output: accept it only if that PR's head is this run's commit.
  const pull = await github.request('GET', `/pulls/${prNumber}`);
  if (pull?.head?.sha !== headSha) {
    throw new InputError(`PR #${prNumber} has head ${pull?.head?.sha}, not this run's ${headSha}`);
  }
  const body = composeComment({ runId, runUrl, headSha, legs });
  const outcome = await upsertComment(github, prNumber, runId, body);
  log(`PR #${prNumber}: comment ${outcome}.`);
  return outcome;
}

async function main() {
  const env = process.env;
  const [incomingDir, baselinesDir] = process.argv.slice(2);
  if (!incomingDir || !baselinesDir) {
    throw new InputError('usage: post.mjs <incoming-artifacts-dir> <baselines-dir>');
  }
  if (!/^[0-9]+$/.test(env.RUN_ID ?? '') || !/^[0-9a-f]{40}$/.test(env.HEAD_SHA ?? '') || !/^https:\/\/[^\s()]+$/.test(env.RUN_URL ?? '')) {
    throw new InputError('RUN_ID must be an integer, HEAD_SHA a 40-hex commit and RUN_URL an https URL');
  }
  // The OS list is the trusted one: the baselines/ folders of the default branch.
  const oses = readdirSync(baselinesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const github = new GitHubRest({ apiUrl: env.GITHUB_API_URL, token: env.GITHUB_TOKEN, repository: env.GITHUB_REPOSITORY });
  await postReport({ github, runId: env.RUN_ID, runUrl: env.RUN_URL, headSha: env.HEAD_SHA, incomingDir, oses });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    process.stderr.write(`post: ${error.message}\n`);
    process.exit(error instanceof InputError ? 2 : 1);
  });
}
