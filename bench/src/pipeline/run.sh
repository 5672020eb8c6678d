#!/usr/bin/env bash
# `npm run bench:pipeline [-- --rows N] [options]`: the job pipeline's benchmark (bench/PIPELINE.md). Makes sure
# PostgreSQL and Redis answer, builds the workspaces (BENCH_SKIP_BUILD=1 skips it) and the bench the way
# bench/run.sh does, then runs bench/dist/pipeline/main.js.
set -euo pipefail
cd "$(dirname "$0")/../../.."
source scripts/node.sh
bash scripts/ensure-services.sh
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  echo "== build (npm run build)"
  npm run build --silent >/dev/null
fi
echo "== build bench"
(cd bench && npx swc src -d dist --strip-leading-paths --config-file ../.swcrc --quiet)
exec node bench/dist/pipeline/main.js "$@"
