#!/usr/bin/env bash
# The nginx cache test (e2e/nginx-cache.spec.ts) and the public-reads bench run Debian's nginx in front of the api,
# each with its own rendered config, port and temp directory (deploy/nginx). The package's own service (the
# default site on port 80) is never left running: a policy-rc.d refuses its start during the install, and a
# service that was started anyway is stopped.
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if [ -z "${NGINX_PATH:-}" ] && ! [ -x /usr/sbin/nginx ]; then
  echo "nginx is not installed; installing Debian's nginx-light package for the HTTP cache test and bench."
  policy=/usr/sbin/policy-rc.d
  created_policy=0
  if ! [ -e "$policy" ]; then
    printf '#!/bin/sh\n# Written by scripts/ensure-nginx.sh while it installs nginx: no service starts.\nexit 101\n' |
      as_root tee "$policy" >/dev/null
    as_root chmod 755 "$policy"
    created_policy=1
  fi
  status=0
  { as_root apt-get update -qq &&
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; } || status=$?
  if [ "$created_policy" = 1 ]; then as_root rm -f "$policy"; fi
  [ "$status" = 0 ] || { echo "Installing nginx-light failed (apt-get exit $status)." >&2; exit "$status"; }
  # Should the service have started anyway (no policy-rc.d honoured), stop it: port 80 stays free.
  if [ -s /run/nginx.pid ]; then as_root /usr/sbin/nginx -s quit 2>/dev/null || true; fi
fi
