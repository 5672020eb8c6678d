#!/usr/bin/env bash
# `npm run bench:ab -- --save NAME | --baseline NAME [options]`: the engine as built now against a kept build, in
# interleaved runs on the bench's own PostgreSQL server (bench/src/ab.ts). Build the workspaces first (npm run build).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh
if [ -z "${BENCH_DATABASE_URL:-}" ]; then
  BENCH_DATABASE_URL=$(bash bench/postgres-server.sh)
  export BENCH_DATABASE_URL
fi
(cd bench && npx swc src -d dist --strip-leading-paths --config-file ../.swcrc --quiet)
exec node bench/dist/ab.js "$@"
