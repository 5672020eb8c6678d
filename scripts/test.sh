#!/usr/bin/env bash
# `npm test`: installs what is missing, then format check, lint, type check, build and every test suite
# (unit, integration against the real PostgreSQL and Redis, browser tests in headless Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh
bash scripts/install.sh
bash scripts/ensure-services.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-nginx.sh

echo "== format"; npx prettier --check . --log-level warn
echo "== lint"; npx eslint .
echo "== type check"; npm run typecheck --silent
echo "== build"; npm run build --silent >/dev/null
echo "== tests"; npm run jest --silent -- "$@"
