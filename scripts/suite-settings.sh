#!/usr/bin/env bash
# The one definition of the settings shared by the scripts that run the suite for a workflow (bench-main.sh and
# run-suite.sh source this file) and by the results comparer, which embeds this file when it is built and reads the
# value below (src/BenchGuard/AB/SuiteSettings.cs): keep it one plain `name=digits` line.
# BenchmarkDotNet kills the child-project build of each launch after 120 s by default, and then the benchmark has
# no measurement at all; a slow machine (a Windows runner's first build with a cold package cache) can take longer.
# A stalled build is bounded by the job's timeout-minutes instead. The A/B runner gives each launch the same limit.
# shellcheck disable=SC2034 # used by the scripts that source this file
suite_build_timeout_seconds=1200
