#!/usr/bin/env bash
# Bootstrap the toolchain from the npm registry only, then run a project command.
#   bash scripts/bootstrap.sh start   -> install, build, start the server (SQLite under ./data, port 8080)
#   bash scripts/bootstrap.sh test    -> install, check generated code, lint, typecheck, run every test
#   bash scripts/bootstrap.sh env     -> install only, print the PATH to use
# Node 24 is installed into .tools/ (npm package node@24) when the machine's Node is older; pnpm@10 likewise.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
NODE_VERSION="24.21.0"
PNPM_VERSION="10.34.8"
tools="$root/.tools"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$tools/node_modules/.bin/node" ] && [ "$(node_major "$tools/node_modules/.bin/node")" -ge 24 ]; then
  :
elif [ "$(node_major node)" -ge 24 ]; then
  :
else
  echo "[bootstrap] installing Node $NODE_VERSION from the npm registry into .tools/" >&2
  mkdir -p "$tools"
  [ -f "$tools/package.json" ] || echo '{"name":"bindery-tools","private":true}' > "$tools/package.json"
  npm install --prefix "$tools" --no-save --no-audit --no-fund "node@$NODE_VERSION" >&2
fi
export PATH="$tools/node_modules/.bin:$PATH"

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null | cut -d. -f1)" != "10" ]; then
  if [ ! -x "$tools/pnpm/node_modules/.bin/pnpm" ]; then
    echo "[bootstrap] installing pnpm $PNPM_VERSION from the npm registry into .tools/" >&2
    mkdir -p "$tools/pnpm"
    [ -f "$tools/pnpm/package.json" ] || echo '{"name":"bindery-pnpm","private":true}' > "$tools/pnpm/package.json"
    npm install --prefix "$tools/pnpm" --no-save --no-audit --no-fund "pnpm@$PNPM_VERSION" >&2
  fi
  export PATH="$tools/pnpm/node_modules/.bin:$PATH"
fi

echo "[bootstrap] node $(node --version), pnpm $(pnpm --version)" >&2
if [ -f pnpm-lock.yaml ]; then
  pnpm install --frozen-lockfile --reporter=append-only >&2
else
  pnpm install --reporter=append-only >&2
fi

cmd="${1:-env}"; shift || true

# The published-site browser tests drive Debian's Chromium (never a browser download), and the PDF and social-image
# tests draw Chinese, Japanese and Korean with Debian's WenQuanYi Micro Hei (the fallback font: apps/server/src/lib/
# fallback-font.ts): install what is missing.
if [ "$cmd" = "test" ]; then
  packages=""
  if [ ! -x /usr/bin/chromium ] && [ -z "${BINDERY_CHROMIUM:-}" ]; then packages="chromium"; fi
  if [ ! -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] && [ -z "${BINDERY_FALLBACK_FONT:-}" ]; then packages="$packages fonts-wqy-microhei"; fi
  if [ -n "$packages" ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
      echo "[bootstrap] installing Debian's$packages for the browser, PDF and image tests" >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $packages >&2 \
        || { DEBIAN_FRONTEND=noninteractive apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $packages >&2; }
    else
      echo "[bootstrap] missing:$packages — install Debian's packages (as root: apt-get install$packages)" >&2
    fi
  fi
fi
case "$cmd" in
  start) exec pnpm run --silent serve "$@" ;;
  test)  exec pnpm run --silent ci "$@" ;;
  env)   echo "export PATH=\"$PATH\"" ;;
  *)     exec "$cmd" "$@" ;;
esac
