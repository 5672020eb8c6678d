#!/usr/bin/env bash
# `ensure-package.sh PROGRAM PACKAGE WHY`: installs Debian's PACKAGE when PROGRAM (a path) is missing.
set -euo pipefail
program=$1 package=$2 why=$3
[ -x "$program" ] && exit 0
echo "$program is missing; installing Debian's $package package ($why)."
if [ "$(id -u)" = 0 ]; then as_root=(); else as_root=(sudo); fi
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
