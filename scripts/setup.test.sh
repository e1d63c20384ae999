#!/usr/bin/env bash
# What scripts/setup installs, without a network or root: stub `dpkg-query`, `apt-get`, `sudo`,
# `node` and `npm` on PATH record what they were asked, in a throw-away checkout.
# Run by ctest (tests/CMakeLists.txt: setup_packages).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

mkdir -p "$tmp/root/scripts" "$tmp/root/webui" "$tmp/bin"
cp "$here/setup" "$here/node-env.sh" "$tmp/root/scripts/"
cp "$here/../webui/package.json" "$tmp/root/webui/"
echo '{}' >"$tmp/root/webui/package-lock.json"
for tool in bash env sh cat sed awk cut sha256sum mkdir uname id dirname; do ln -s "$(command -v $tool)" "$tmp/bin/$tool"; done
stub() {  # stub NAME BODY
  printf '#!/bin/sh\n%s\n' "$2" >"$tmp/bin/$1"
  chmod +x "$tmp/bin/$1"
}
stub sudo 'exec "$@"'
stub apt-get 'echo "apt-get $*" >>"$LOG"'
stub node 'echo v24.1.0'
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
expect "--webui-only (scripts/build --demo): npm only" "$fresh" --webui-only '!apt-get' '^npm ci --prefix webui'

((failures == 0)) || { echo "$failures failure(s)"; exit 1; }
echo "scripts/setup asks for the right things"
