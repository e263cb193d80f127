# Sourced by baseline-plan.sh and baseline-pr.sh. A baseline bump measures the ref it was dispatched on and opens its
# PR into the default branch: from any other ref, that PR would carry the ref's commits and baselines of code the
# default branch does not have. So both refuse to run unless the ref is the default branch.

# require_default_branch NAME REF DEFAULT: returns when REF is refs/heads/DEFAULT; else one line "NAME: ..." on stderr
# and exit 2.
require_default_branch() {
  local name=$1 ref=$2 default=$3
  [[ "$default" =~ ^[A-Za-z0-9._/-]+$ ]] || { echo "$name: the default branch '$default' is not a branch name" >&2; exit 2; }
  [ -n "$ref" ] || { echo "$name: REF, the ref the workflow was dispatched on, is not set" >&2; exit 2; }
  if [ "$ref" != "refs/heads/$default" ]; then
    echo "$name: dispatched from $ref; baselines are bumped from the default branch only: run the workflow on $default" >&2
    exit 2
  fi
}
