#!/usr/bin/env bash
# Pushes <branch> to origin with GH_TOKEN (or GITHUB_TOKEN) for this one command. The checkout
# steps keep no credentials (persist-credentials: false), so only the steps that must push can.
set -euo pipefail
branch=${1:?usage: git-push-with-token.sh <branch> [git push options...]}
shift
token=${GH_TOKEN:-${GITHUB_TOKEN:-}}
[ -n "$token" ] || { echo "git-push-with-token: GH_TOKEN is not set" >&2; exit 2; }
header="AUTHORIZATION: basic $(printf 'x-access-token:%s' "$token" | base64 | tr -d '\n')"
echo "::add-mask::$(printf 'x-access-token:%s' "$token" | base64 | tr -d '\n')"
git -c http.extraheader="$header" push "$@" origin "HEAD:refs/heads/$branch"
