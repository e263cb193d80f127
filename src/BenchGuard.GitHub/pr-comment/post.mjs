// The comment job's one step: learn how each OS leg of the benchmark run ended, merge the legs'
// reports into one comment (compose.mjs), check that the PR number from the artifacts really is
// the PR this run tested, and create or update our single comment on it. A PR that has moved on
// since (a push to its branch, which also cancels the run) gets no comment from this run: a notice, exit 0.
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { collectLegs, composeComment, hasMarker, InputError, runIdOf } from './compose.mjs';
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
  const ours = comments.find((c) => c.user?.login === BOT_LOGIN && hasMarker(c.body ?? ''));
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

// A workflow command's message: the runner reads %, CR and LF in it as escapes.
const commandData = (text) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * Posts the run's report on its PR. Returns 'nothing' (no leg left a PR number), 'moved-on' (the PR's branch has a
 * newer head: this run's report no longer describes it), or upsertComment's outcome.
 */
export async function postReport({ github, runId, runUrl, headSha, headBranch, headRepository, incomingDir, oses, log = console.log }) {
  const jobs = await jobsByOs(github, runId);
  const { prNumber, legs } = collectLegs({ incomingDir, oses, jobs });
  if (prNumber === null) {
    log('No leg left a PR number: nothing to comment on.');
    return 'nothing';
  }
  // The number came from PR-controlled output: accept it only if that PR's head is this run's commit. A PR on
  // this run's branch and repository with another head has moved on (the usual case after a push cancels the run):
  // a skip. Any other PR is not this run's, and stays an error. Neither writes anything.
  const pull = await github.request('GET', `/pulls/${prNumber}`);
  const head = pull?.head;
  if (head?.sha !== headSha) {
    if (head?.ref === headBranch && head?.repo?.full_name === headRepository && typeof head?.sha === 'string') {
      log(`::notice::${commandData(`PR #${prNumber} has moved on to ${head.sha.slice(0, 10)}; this run tested ${headSha.slice(0, 10)}, so its report is not posted.`)}`);
      return 'moved-on';
    }
    throw new InputError(`PR #${prNumber} is ${head?.ref} of ${head?.repo?.full_name} at ${head?.sha}, not a PR of this run's ${headBranch} of ${headRepository}`);
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
  // The run's head branch is only compared with the PR's, never run: any name without control characters.
  if (!/^[^\x00-\x1f\x7f]{1,255}$/.test(env.HEAD_BRANCH ?? '') || !/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(env.HEAD_REPOSITORY ?? '')) {
    throw new InputError('HEAD_BRANCH must be a branch name and HEAD_REPOSITORY owner/name (the run\'s head)');
  }
  // The OS list is the trusted one: the baselines/ folders of the default branch.
  const oses = readdirSync(baselinesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const github = new GitHubRest({ apiUrl: env.GITHUB_API_URL, token: env.GITHUB_TOKEN, repository: env.GITHUB_REPOSITORY });
  await postReport({ github, runId: env.RUN_ID, runUrl: env.RUN_URL, headSha: env.HEAD_SHA, headBranch: env.HEAD_BRANCH,
    headRepository: env.HEAD_REPOSITORY, incomingDir, oses });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    process.stderr.write(`post: ${error.message}\n`);
    process.exit(error instanceof InputError ? 2 : 1);
  });
}
