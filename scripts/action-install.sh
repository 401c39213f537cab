#!/usr/bin/env bash
# The install step of the Action (action.yml): writes the kit's bin path to $RUNNER_TEMP/aoi-testkit/bin for the
# lint step. With a `package` input, that package from npm (a version once one is released, a tarball, a git URL);
# without, the Action's own checkout ($GITHUB_ACTION_PATH), so that `uses: <owner>/aoi-testkit@<ref>` works before any
# release: its dist/ when the ref ships one, else built there (npm ci, npm run build).
set -euo pipefail
home="$RUNNER_TEMP/aoi-testkit"
mkdir -p "$home"
if [ -n "${AOI_PACKAGE:-}" ]; then
  npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$home" "$AOI_PACKAGE"
  kit="$home/node_modules/.bin/aoi-testkit"
else
  kit="$GITHUB_ACTION_PATH/dist/cli/main.js"
  if [ ! -f "$kit" ]; then
    echo "aoi-testkit: building the Action's checkout ($GITHUB_ACTION_PATH has no dist/)"
    (cd "$GITHUB_ACTION_PATH" && npm ci --no-audit --no-fund && npm run build)
  fi
fi
"$kit" --version
printf '%s\n' "$kit" > "$home/bin"
