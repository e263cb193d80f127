#!/usr/bin/env bash
# The package's glue for ci.yml and release.yml; what the package holds is checked by tests/FilePipes.Package.Tests.
#   pack [--tag vX.Y.Z] --out DIR       the library, the tool and its counters mode, each <Id>.<version>.nupkg and
#                                       .snupkg (FilePipes, BenchGuard, BenchGuard.Counters); the tag's version, else
#                                       Directory.Build.props'
#   push DIR                            every .nupkg under DIR to nuget.org (its .snupkg goes with it), key in NUGET_API_KEY
#   github-release --tag vX.Y.Z DIR     the tag's GitHub release, every package under DIR attached (gh, GH_TOKEN);
#                                       created if missing, completed if an earlier run left it
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "package.sh: $1" >&2; exit 2; }

command=${1:-}
[ -n "$command" ] || usage "usage: package.sh pack|push|github-release ..."
shift
tag="" out="" dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --tag|--out)
      [ $# -ge 2 ] || usage "$1 needs a value"
      if [ "$1" = --tag ]; then tag=$2; else out=$2; fi
      shift 2 ;;
    -*) usage "unknown option $1" ;;
    *) dir=$1; shift ;;
  esac
done

# A release tag is v + a SemVer 2 version, which becomes the package's version.
version=""
if [ -n "$tag" ]; then
  [[ "$tag" =~ ^v([0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?)$ ]] || usage "'$tag' is not a release tag (vX.Y.Z or vX.Y.Z-suffix)"
  version=${BASH_REMATCH[1]}
fi

packages() {
  [ -d "$dir" ] || usage "no package folder '$dir'"
  mapfile -t found < <(find "$dir" -name '*.nupkg' -type f | sort)
  [ "${#found[@]}" -gt 0 ] || usage "no .nupkg under '$dir'"
}

case "$command" in
  pack)
    [ -n "$out" ] || usage "pack needs --out"
    # All on the same tag: the library, the tool (src/BenchGuard) that guards its performance, and the counters
    # mode an adopter's benchmark program references (src/BenchGuard.Counters).
    for project in src/FilePipes/FilePipes.csproj src/BenchGuard/BenchGuard.csproj src/BenchGuard.Counters/BenchGuard.Counters.csproj; do
      args=(pack "$project" -c Release -o "$out")
      if [ -n "$version" ]; then args+=("-p:Version=$version"); fi
      dotnet "${args[@]}"
    done
    ;;
  push)
    packages
    [ -n "${NUGET_API_KEY:-}" ] || usage "NUGET_API_KEY is not set"
    for package in "${found[@]}"; do
      dotnet nuget push "$package" --api-key "$NUGET_API_KEY" --source https://api.nuget.org/v3/index.json --skip-duplicate
    done
    ;;
  github-release)
    [ -n "$version" ] || usage "github-release needs --tag"
    packages
    mapfile -t symbols < <(find "$dir" -name '*.snupkg' -type f | sort)
    # A re-run completes what an earlier run left: an existing release gets every package again (--clobber replaces
    # what is there), and the draft gh create leaves when stopped before publishing is published.
    # gh's answer is its last line (isDraft, or its error), whatever notice came before it.
    lookup=0
    answer=$(gh release view "$tag" --json isDraft --jq .isDraft 2>&1) || lookup=$?
    if [ "$lookup" -eq 0 ]; then
      gh release upload "$tag" --clobber "${found[@]}" "${symbols[@]}"
      if [ "${answer##*$'\n'}" = true ]; then gh release edit "$tag" --draft=false; fi
    elif [ "${answer##*$'\n'}" = "release not found" ]; then
      prerelease=()
      if [[ "$version" == *-* ]]; then prerelease=(--prerelease); fi
      gh release create "$tag" --verify-tag --title "$tag" --generate-notes "${prerelease[@]}" "${found[@]}" "${symbols[@]}"
    else
      echo "package.sh: gh release view $tag failed: ${answer//$'\n'/ }" >&2
      exit "$lookup"
    fi
    ;;
  *) usage "unknown command '$command' (pack, push, github-release)" ;;
esac
