#!/usr/bin/env bash
# Keyword search over seeded questions (bench/search-seed.sql), through the API.
#   bench/search.sh [REQUESTS=400]
#   BENCH_QUESTIONS=1000000 bench/search.sh      (default 100000; 1,000,000 seeds in ~3 min)
#   BUILD_DIR=build-x BENCH_SEARCH_PORT=18430
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
ROWS=${BENCH_QUESTIONS:-100000}
work=$(mktemp -d /tmp/camp-bench-search.XXXXXX)
chmod 755 "$work"
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_LISTEN=127.0.0.1:${BENCH_SEARCH_PORT:-18430} CAMP_LOG_LEVEL=warn CAMP_CONFIG=
camp=$BUILD_DIR/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
trap '$camp db stop >/dev/null; rm -rf "$work"' EXIT
echo "seeding $ROWS questions..."
time psql "$($camp db url)" -q -v rows="$ROWS" -f bench/search-seed.sql
$BUILD_DIR/bin/campd & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -fs http://$CAMP_LISTEN/readyz >/dev/null && break; sleep 0.1; done
token=$(curl -fs -X POST http://$CAMP_LISTEN/api/v1/account_token -H 'Content-Type: application/json' \
  -d '{"auth":{"email":"student@example.com","password":"demo-pass-1234"}}' | sed 's/.*"jwt":"\([^"]*\)".*/\1/')
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
node bench/search.mjs "http://$CAMP_LISTEN" "$token" "${1:-400}"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
