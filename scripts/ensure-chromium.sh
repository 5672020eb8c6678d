#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (no browser download of its own).
set -euo pipefail
[ -n "${CHROMIUM_PATH:-}" ] && exit 0
bash "$(dirname "$0")/ensure-package.sh" /usr/bin/chromium chromium "the browser tests"
