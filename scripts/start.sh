#!/usr/bin/env bash
# `npm start`: from a fresh clone to the running product with demo data on http://localhost:${PORT:-3000}.
# Installs dependencies, ensures PostgreSQL and Redis, builds, migrates, seeds once, then runs the worker
# and the api (which also serves the web app and socket.io on the same origin).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh
bash scripts/install.sh
bash scripts/ensure-services.sh

echo "== build"; npm run build --silent >/dev/null
echo "== migrate"; node core/dist/database/migrate-cli.js
echo "== demo data"
# --if-empty: a second start keeps the data it has (and never duplicates it).
node core/dist/demo/seed-cli.js --if-empty --businesses "${DEMO_BUSINESSES:-5000}" --real

echo "Admin: http://localhost:${PORT:-3000}/admin/login — user ${ADMIN_USERNAME:-admin}, password ${ADMIN_PASSWORD:-admin-demo-password}"
# Heap capped at 256 MB: uncapped, V8 lets the heap grow with the import's allocation rate (a 150 MB .xlsx
# peaked at 645 MiB RSS); the live data stays small (bench/PIPELINE.md "Memory"), a 200 MB cap gave 298 MiB
# but 18 % slower, so 256 MB keeps the peak under the 400 MB target with less time spent collecting.
node --max-old-space-size=256 worker/dist/main.js &
worker=$!
trap 'kill $worker 2>/dev/null || true' EXIT INT TERM
node api/dist/main.js
