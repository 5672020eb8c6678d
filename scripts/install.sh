#!/usr/bin/env bash
# Installs the npm dependencies exactly as locked (with the pinned Node.js, scripts/node.sh), once per change of
# the lockfile or of a package.json.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh
stamp=node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ -n "$(find package.json package-lock.json ./*/package.json -newer "$stamp" 2>/dev/null)" ]; then
  # `npm install` honours the lockfile's versions. (`npm ci` is not used: npm 11.19 writes lockfiles without
  # other platforms' optional packages, such as @swc/core-darwin-arm64, and then its own ci check refuses them.)
  npm install --no-audit --no-fund
  touch "$stamp"
fi
