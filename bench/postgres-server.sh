#!/usr/bin/env bash
# The bench's own PostgreSQL server: Debian's PostgreSQL configured as the product is deployed
# (deploy/postgresql/directory.conf), a cluster named "bench" on port 5433 (BENCH_PG_PORT). The figures are then
# those of the product as deployed, while the machine's server on 5432 (tests, npm start) keeps its own settings.
# Creates the cluster once (trust authentication on the loopback only, as the machine's server), installs the
# settings, (re)starts it when they changed, and prints its URL.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${BENCH_PG_PORT:-5433}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
command -v pg_createcluster >/dev/null || bash scripts/ensure-services.sh >&2
version=$(ls /usr/lib/postgresql | sort -V | tail -1)
etc=/etc/postgresql/$version/bench
listed() { pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "bench" { print $4 }'; }
if [ -z "$(listed)" ]; then
  echo "Creating the bench's PostgreSQL $version cluster (deploy/postgresql/directory.conf)…" >&2
  # Settings left by a cluster whose data was removed would stop pg_createcluster.
  as_root rm -rf "$etc"
  # manual: the bench starts it; it does not start with the machine.
  as_root pg_createcluster "$version" bench --port "$port" --start-conf manual >/dev/null
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n' |
    as_root tee "$etc/pg_hba.conf" >/dev/null
fi
changed=0
# Installs $2 as conf.d/$1 when it differs.
setting_file() {
  if ! cmp -s "$2" "$etc/conf.d/$1"; then
    as_root install -m 644 "$2" "$etc/conf.d/$1"
    changed=1
  fi
}
setting_file 00-bench.conf <(printf "listen_addresses = '127.0.0.1'\nport = %s\n" "$port")
setting_file directory.conf deploy/postgresql/directory.conf
up() { pg_isready -q -h 127.0.0.1 -p "$port" 2>/dev/null; }
running() { listed | grep -q online; }
if running && [ "$changed" = 1 ]; then
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" bench restart >&2
elif ! running; then
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" bench start >&2
fi
wait_up() {
  for _ in $(seq 1 30); do up && break; sleep 1; done
  up || {
    echo "The bench's PostgreSQL did not start on 127.0.0.1:$port (see /var/log/postgresql/postgresql-$version-bench.log)." >&2
    exit 1
  }
}
wait_up
# Huge pages (directory.conf: huge_pages = try) need the kernel's reservation, as deploy/postgresql/hugepages.sysctl.conf
# makes on a server: when the running server maps none, the pages it asks for are reserved beside any others in
# use, and it is restarted to take them.
data_dir=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "bench" { print $6 }')
postmaster() { as_root head -1 "$data_dir/postmaster.pid"; }
huge() { as_root grep -q anon_hugepage "/proc/$(postmaster)/maps"; }
if ! huge; then
  needed=$(psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atc 'show shared_memory_size_in_huge_pages')
  meminfo() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }
  in_use=$(($(meminfo HugePages_Total) - $(meminfo HugePages_Free) + $(meminfo HugePages_Rsvd)))
  as_root sysctl -qw vm.nr_hugepages=$((in_use + needed)) || true
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" bench restart >&2
  wait_up
  huge || echo "The bench's PostgreSQL runs without huge pages: the kernel reserved $(meminfo HugePages_Total) of the $((in_use + needed)) 2 MB pages asked for." >&2
fi
echo "postgres://postgres@127.0.0.1:$port"
