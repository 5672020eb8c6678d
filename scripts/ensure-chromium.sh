#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (no browser download of its own).
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if [ -z "${CHROMIUM_PATH:-}" ] && ! [ -x /usr/bin/chromium ]; then
  echo "Chromium is not installed; installing Debian's chromium package for the browser tests."
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
