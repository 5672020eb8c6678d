#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer on this machine, starting Debian's services when they do not.
set -euo pipefail

pg_up() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! pg_up; then
  if ! command -v pg_ctlcluster >/dev/null; then
    echo "PostgreSQL is not installed; installing Debian's postgresql package."
    as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql postgresql-contrib >/dev/null
  fi
  echo "Starting PostgreSQL…"
  version=$(ls /etc/postgresql | sort -V | tail -1)
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
  pg_up || { echo "PostgreSQL did not start on 127.0.0.1:5432." >&2; exit 1; }
fi

if ! redis_up; then
  if ! command -v redis-server >/dev/null; then
    echo "Redis is not installed; installing Debian's redis-server package."
    as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  fi
  echo "Starting Redis…"
  mkdir -p /tmp/directory-redis
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp/directory-redis
  for _ in $(seq 1 30); do redis_up && break; sleep 1; done
  redis_up || { echo "Redis did not start on 127.0.0.1:6379." >&2; exit 1; }
fi
