#!/usr/bin/env bash
# `npm run bench [-- --only search,public] [--businesses N | --scales A,B,C] [options]`: builds the workspaces and
# the bench, makes sure PostgreSQL and Redis answer, then runs bench/dist/cli.js, which runs each selected part
# (bench/dist/main.js: search; bench/dist/public/main.js: public reads). See bench/README.md.
# BENCH_SKIP_BUILD=1 skips the workspace build (the bench itself is always compiled).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh
bash scripts/ensure-services.sh
# The public part also loads pages in Chromium and measures the cached mix through nginx, loaded by wrk.
bash scripts/ensure-chromium.sh
bash scripts/ensure-nginx.sh
bash scripts/ensure-package.sh /usr/bin/wrk wrk "the load generator of the nginx figures"
# The product as deployed: the bench's own PostgreSQL server with deploy/postgresql/directory.conf, unless a
# server is named (BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432 measures the machine's as it is).
if [ -z "${BENCH_DATABASE_URL:-}" ]; then
  BENCH_DATABASE_URL=$(bash bench/postgres-server.sh)
  export BENCH_DATABASE_URL
fi
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  echo "== build (npm run build)"
  npm run build --silent >/dev/null
fi
echo "== build bench"
# No clean first: bench/dist also holds other benches' output (bench/src/pipeline), maybe running now.
(cd bench && npx swc src -d dist --strip-leading-paths --config-file ../.swcrc --quiet)
exec node bench/dist/cli.js "$@"
