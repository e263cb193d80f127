// Writes this job's step timings and its time so far against its timeout-minutes to the job summary, so the first
// real runs show each job's margin (docs/pipeline.md, "Time limits"). The job's last step; it never fails the job:
// anything it cannot read is a warning.
//   node src/BenchGuard.GitHub/job-timings/job-timings.mjs
// Reads GITHUB_API_URL, GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT, RUNNER_NAME (which job
// of the run is this one), GITHUB_JOB and GITHUB_WORKFLOW_REF (where its timeout-minutes is), GITHUB_STEP_SUMMARY.
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { GitHubRest } from '../pr-comment/github-rest.mjs';

/** GitHub's limit for a job that sets no timeout-minutes. */
export const DEFAULT_TIMEOUT_MINUTES = 360;

/** From this share of its limit on, a job's summary asks for a higher timeout-minutes. */
export const NEAR_LIMIT = 0.75;

/**
 * The timeout-minutes of job `id` in a workflow's text: the job's own `timeout-minutes: N` line, read without a YAML
 * parser (the job runs none); null when the job is not there, DEFAULT_TIMEOUT_MINUTES when it sets none. The workflow
 * tests check this against the parsed YAML for every job.
 */
export function timeoutMinutes(workflowText, id) {
  const lines = workflowText.split(/\r?\n/);
  const header = new RegExp(`^  ${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\s*(#.*)?$`);
  const jobs = lines.findIndex((line) => /^jobs:\s*(#.*)?$/.test(line));
  const start = jobs < 0 ? -1 : lines.findIndex((line, i) => i > jobs && header.test(line));
  if (start < 0) {
    return null;
  }
  for (const line of lines.slice(start + 1)) {
    if (/^ {0,2}\S/.test(line)) {
      break; // the next job, or the end of jobs:
    }
    const match = /^ {4}timeout-minutes:\s*(\d+)\s*(#.*)?$/.exec(line);
    if (match) {
      return Number(match[1]);
    }
  }
  return DEFAULT_TIMEOUT_MINUTES;
}

const seconds = (from, to) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

export function duration(total) {
  const minutes = Math.floor(total / 60);
  return minutes === 0 ? `${total} s` : `${minutes} min ${String(total % 60).padStart(2, '0')} s`;
}

const cell = (text) => String(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** The summary's Markdown for `job` (the REST API's job object) at `now`, against `limit` minutes. */
export function summarize(job, limit, now) {
  const rows = (job.steps ?? []).map((step) => {
    const took = step.status !== 'completed' ? 'running'
      : step.conclusion === 'skipped' ? 'skipped'
        : step.started_at && step.completed_at ? duration(seconds(step.started_at, step.completed_at)) : '—';
    return `| ${cell(step.name)} | ${took} |`;
  });
  const elapsed = seconds(job.started_at, now);
  const share = elapsed / (limit * 60);
  const verdict = share >= NEAR_LIMIT
    ? `⚠️ near its limit: raise \`timeout-minutes\` of this job (docs/pipeline.md, "Time limits")`
    : 'within its limit';
  const line = `${cell(job.name)}: ${duration(elapsed)} so far of its ${limit}-minute limit (${Math.round(share * 100)}%), ${verdict}.`;
  return {
    nearLimit: share >= NEAR_LIMIT,
    line,
    markdown: ['### Step timings', '', line, '', '| Step | Took |', '|---|---:|', ...rows, ''].join('\n'),
  };
}

/** This job among the run's: the one in progress on this runner. */
export function thisJob(jobs, runnerName) {
  const mine = jobs.filter((job) => job.runner_name === runnerName && job.status === 'in_progress');
  if (mine.length !== 1) {
    throw new Error(`${mine.length} jobs of this run are in progress on runner '${runnerName}'`);
  }
  return mine[0];
}

/** The workflow file's path in the checkout, from GITHUB_WORKFLOW_REF (owner/repo/path@ref). */
export function workflowPath(workflowRef, repository) {
  const prefix = `${repository}/`;
  const at = workflowRef?.lastIndexOf('@') ?? -1;
  if (!workflowRef?.startsWith(prefix) || at < prefix.length) {
    throw new Error(`GITHUB_WORKFLOW_REF '${workflowRef}' is not ${repository}/<path>@<ref>`);
  }
  return workflowRef.slice(prefix.length, at);
}

export async function main(env = process.env, now = new Date().toISOString()) {
  try {
    const path = workflowPath(env.GITHUB_WORKFLOW_REF, env.GITHUB_REPOSITORY);
    const limit = timeoutMinutes(readFileSync(path, 'utf8'), env.GITHUB_JOB ?? '');
    if (limit === null) {
      throw new Error(`${path} has no job '${env.GITHUB_JOB}'`);
    }
    const github = new GitHubRest({ apiUrl: env.GITHUB_API_URL, token: env.GITHUB_TOKEN, repository: env.GITHUB_REPOSITORY });
    const jobs = await github.all(`/actions/runs/${Number(env.GITHUB_RUN_ID)}/attempts/${Number(env.GITHUB_RUN_ATTEMPT ?? 1)}/jobs`, (page) => page.jobs);
    const summary = summarize(thisJob(jobs, env.RUNNER_NAME), limit, now);
    console.log(summary.line);
    if (summary.nearLimit) {
      console.log(`::warning::${summary.line}`);
    }
    if (env.GITHUB_STEP_SUMMARY) {
      appendFileSync(env.GITHUB_STEP_SUMMARY, summary.markdown);
    }
  } catch (error) {
    // The timings are for reading; a job that did its work never fails for want of them.
    console.log(`::warning::job-timings: ${String(error?.message ?? error).split('\n')[0]}`);
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
