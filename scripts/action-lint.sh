#!/usr/bin/env bash
# The lint step of the Action (action.yml): the inputs arrive as AOI_* variables (never pasted into the script,
# so a value cannot inject shell), and become one `aoi-testkit lint` command line (with `merge`, one
# `aoi-testkit merge-reports`; with a contract, also one `aoi-testkit compat --base`). Annotations and the job
# summary come from the github reporter (::error/::warning, $GITHUB_STEP_SUMMARY), the files from the junit, html and
# blob ones; the step's outputs (counts, paths) from the jsonl report, read by action-outputs.mjs.
set -euo pipefail
kit="$(cat "$RUNNER_TEMP/aoi-testkit/bin")"
# Run from the Action's checkout, the kit would link its rule pages as file:// pages of the runner: link the Action's
# repository at its ref, else (unknown here, as in `uses: ./`) this version's pages as the registry publishes them.
if [ -z "${AOI_PACKAGE:-}" ] && [ -z "${AOI_TESTKIT_RULE_PAGES:-}" ]; then
  if [ -n "${AOI_ACTION_REPOSITORY:-}" ] && [ -n "${AOI_ACTION_REF:-}" ]; then
    AOI_TESTKIT_RULE_PAGES="${GITHUB_SERVER_URL:-https://github.com}/$AOI_ACTION_REPOSITORY/blob/$AOI_ACTION_REF/"
  else
    version="$(node -p 'require(process.argv[1]).version' "$GITHUB_ACTION_PATH/package.json")"
    AOI_TESTKIT_RULE_PAGES="https://unpkg.com/aoi-testkit@$version/"
  fi
  export AOI_TESTKIT_RULE_PAGES
fi
jsonl="$RUNNER_TEMP/aoi-testkit/report.jsonl"
rm -f "$jsonl"
reporters=(--reporter github --reporter "jsonl=$jsonl")
if [ -n "${AOI_JUNIT:-}" ]; then reporters+=(--reporter "junit=$AOI_JUNIT"); fi
if [ -n "${AOI_HTML:-}" ]; then reporters+=(--reporter "html=$AOI_HTML"); fi
blob=""
status=0
if [ -n "${AOI_MERGE:-}" ]; then
  blobs=()
  while IFS= read -r line; do
    if [ -n "$line" ]; then blobs+=("$line"); fi
  done <<< "$AOI_MERGE"
  "$kit" merge-reports "${reporters[@]}" "${blobs[@]}" || status=$?
else
  args=(lint "${reporters[@]}")
  if [ -n "${AOI_SHARD:-}" ]; then
    blob="aoi-blob-${AOI_SHARD%%/*}-of-${AOI_SHARD##*/}.json"
    args+=(--shard "$AOI_SHARD" --reporter "blob=$blob")
  fi
  if [ -n "${AOI_BASELINE:-}" ]; then args+=(--baseline "$AOI_BASELINE"); fi
  while IFS= read -r line; do
    if [ -n "$line" ]; then args+=(--setup "$line"); fi
  done <<< "${AOI_SETUP:-}"
  while IFS= read -r line; do
    if [ -n "$line" ]; then args+=(--invoke "$line"); fi
  done <<< "${AOI_INVOCATIONS:-}"
  read -r -a extra <<< "${AOI_ARGS:-}"
  read -r -a program <<< "${AOI_PROGRAM:-}"
  # No program input: the repository's config file names it (`aoi-testkit lint` with no `--`).
  if [ "${#program[@]}" -gt 0 ]; then program=(-- "${program[@]}"); fi
  "$kit" "${args[@]}" "${extra[@]}" "${program[@]}" || status=$?
fi
node "$GITHUB_ACTION_PATH/scripts/action-outputs.mjs" "$jsonl" "${AOI_JUNIT:-}" "${AOI_HTML:-}" "$blob" >> "$GITHUB_OUTPUT"
# With a committed contract, the tool is compared with the last release too (its annotations and job summary beside
# the lint's); the step fails when either does.
if [ -n "${AOI_CONTRACT:-}" ] && [ -z "${AOI_MERGE:-}" ]; then
  "$kit" compat --reporter github --base "$AOI_CONTRACT" "${program[@]}" || { c=$?; [ "$status" -ne 0 ] || status=$c; }
fi
exit "$status"
