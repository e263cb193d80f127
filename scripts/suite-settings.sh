#!/usr/bin/env bash
# Sourced by the scripts that run the suite for a workflow (bench-main.sh, run-suite.sh): the one definition of
# the settings they share.
# BenchmarkDotNet kills the child-project build of each launch after 120 s by default, and then the benchmark has
# no measurement at all. Child builds took 56-176 s on the 2-core development machine (the A/B runner's notes), and
# a Windows runner's first build with a cold package cache is slower still; a stalled build is bounded by the job's
# timeout-minutes instead. The A/B runner (scripts/ResultsComparer/AB/BenchmarkLauncher.cs) passes its launch time
# limit, 1200 s by default, for the same reason.
# shellcheck disable=SC2034 # used by the scripts that source this file
suite_build_timeout_seconds=1200
