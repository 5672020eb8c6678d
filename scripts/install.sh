#!/usr/bin/env bash
# Installs the npm dependencies exactly as locked, once per lockfile change.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  # `npm install` honours the lockfile's versions. (`npm ci` is not used: npm 11.19 writes lockfiles without
  # other platforms' optional packages, such as @swc/core-darwin-arm64, and then its own ci check refuses them.)
  npm install --no-audit --no-fund
  touch "$stamp"
fi
