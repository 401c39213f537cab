#!/usr/bin/env bash
# The lint step of the Action (action.yml): the inputs arrive as AOI_* variables (never pasted into the script,
# so a value cannot inject shell), and become one `aoi-testkit lint` command line (and, with a contract, one
# `aoi-testkit compat --base` command line). Annotations and the job summary
# come from the github reporter (::error/::warning, $GITHUB_STEP_SUMMARY), the JUnit report from the junit one.
set -euo pipefail
kit="$RUNNER_TEMP/aoi-testkit/node_modules/.bin/aoi-testkit"
args=(lint --reporter github)
if [ -n "${AOI_JUNIT:-}" ]; then args+=(--reporter "junit=$AOI_JUNIT"); fi
if [ -n "${AOI_BASELINE:-}" ]; then args+=(--baseline "$AOI_BASELINE"); fi
while IFS= read -r line; do
  if [ -n "$line" ]; then args+=(--setup "$line"); fi
done <<< "${AOI_SETUP:-}"
while IFS= read -r line; do
  if [ -n "$line" ]; then args+=(--invoke "$line"); fi
done <<< "${AOI_INVOCATIONS:-}"
read -r -a extra <<< "${AOI_ARGS:-}"
read -r -a program <<< "${AOI_PROGRAM:?the program input is required}"
status=0
"$kit" "${args[@]}" "${extra[@]}" -- "${program[@]}" || status=$?
# With a committed contract, the tool is compared with the last release too (its annotations and job summary beside
# the lint's); the step fails when either does.
if [ -n "${AOI_CONTRACT:-}" ]; then
  "$kit" compat --reporter github --base "$AOI_CONTRACT" -- "${program[@]}" || { c=$?; [ "$status" -ne 0 ] || status=$c; }
fi
exit "$status"
