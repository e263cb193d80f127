// Posts a comment on a commit (a regression in the trend that an A/B confirmed): node comment-commit.mjs <commit> <body.md>.
// Env: GH_TOKEN (or GITHUB_TOKEN), GITHUB_REPOSITORY, GITHUB_API_URL. Exit 2 on bad input, 1 when the API refuses.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { GitHubRest } from '../pr-comment/github-rest.mjs';

export async function commentOnCommit(github, commit, body) {
  await github.request('POST', `/commits/${commit}/comments`, { body });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [commit, bodyFile] = process.argv.slice(2);
  if (!/^[0-9a-f]{40}$/.test(commit ?? '') || !bodyFile) {
    process.stderr.write('comment-commit: usage: comment-commit.mjs <40-hex commit> <body.md>\n');
    process.exit(2);
  }
  const env = process.env;
  try {
    const github = new GitHubRest({ apiUrl: env.GITHUB_API_URL, token: env.GH_TOKEN || env.GITHUB_TOKEN, repository: env.GITHUB_REPOSITORY });
    await commentOnCommit(github, commit, readFileSync(bodyFile, 'utf8'));
  } catch (error) {
    process.stderr.write(`comment-commit: ${error.message}\n`);
    process.exit(1);
  }
}
