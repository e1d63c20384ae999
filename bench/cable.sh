#!/usr/bin/env bash
# Presence fan-out benchmark: N /cable subscribers on one question, one toggler (bench/cable/).
#   bench/cable.sh [N=2000] [ROUNDS=20]
# Starts its own private PostgreSQL and daemon under a temporary directory; loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-2000}; rounds=${2:-20}
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
npm --prefix bench/cable install --no-audit --no-fund --loglevel=error >/dev/null
work=$(mktemp -d /tmp/camp-bench-cable.XXXXXX)
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_LISTEN=127.0.0.1:18420 CAMP_LOG_LEVEL=warn CAMP_CONFIG=
export CAMP_CABLE_MAX_CONNECTIONS=$((n + 100))
# Every subscriber uses one token from one address: lift the per-account and per-address caps
# (a daemon that predates them ignores these variables).
export CAMP_CABLE_MAX_CONNECTIONS_PER_ACCOUNT=$((n + 100)) CAMP_HTTP_MAX_CONNECTIONS_PER_ADDRESS=$((n + 100))
export CAMP_HTTP_MAX_CONNECTIONS=$((n + 100))
camp=build/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
build/bin/campd & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -fs http://$CAMP_LISTEN/readyz >/dev/null && break; sleep 0.1; done
token=$(curl -fs -X POST http://$CAMP_LISTEN/api/v1/account_token -H 'Content-Type: application/json' \
  -d '{"auth":{"email":"student@example.com","password":"demo-pass-1234"}}' | sed 's/.*"jwt":"\([^"]*\)".*/\1/')
node bench/cable/fanout.mjs "http://$CAMP_LISTEN" "$token" 1 "$pid" "$n" "$rounds"
