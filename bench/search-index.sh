#!/usr/bin/env bash
# Keyword search at scale: the daemon's plan through the API (bench/search.mjs), then the bigram
# GIN index against pg_trgm's in SQL (bench/search-index.sql), on one seeded database.
#   bench/search-index.sh                      (1,000,000 questions; seeding takes ~3 min)
#   BENCH_QUESTIONS=100000 BENCH_REPS=20 BENCH_SEARCH_PORT=18431 BUILD_DIR=build bench/search-index.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
work=$(mktemp -d /tmp/camp-bench-search-index.XXXXXX)
chmod 755 "$work"
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_LISTEN=127.0.0.1:${BENCH_SEARCH_PORT:-18431} CAMP_LOG_LEVEL=warn CAMP_CONFIG=
camp=$BUILD_DIR/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
trap '$camp db stop >/dev/null; rm -rf "$work"' EXIT
url=$($camp db url)
echo "seeding ${BENCH_QUESTIONS:-1000000} questions..."
time psql "$url" -X -q -v rows="${BENCH_QUESTIONS:-1000000}" -f bench/search-seed.sql
$BUILD_DIR/bin/campd & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -fs http://$CAMP_LISTEN/readyz >/dev/null && break; sleep 0.1; done
token=$(curl -fs -X POST http://$CAMP_LISTEN/api/v1/account_token -H 'Content-Type: application/json' \
  -d '{"auth":{"email":"student@example.com","password":"demo-pass-1234"}}' | sed 's/.*"jwt":"\([^"]*\)".*/\1/')
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== the daemon's plan, through the API"
node bench/search.mjs "http://$CAMP_LISTEN" "$token" "${BENCH_REQUESTS:-400}"
kill $pid; wait $pid 2>/dev/null || true
echo "== bigram GIN against pg_trgm GIN, in SQL"
psql "$url" -X -q -v reps="${BENCH_REPS:-20}" -f bench/search-index.sql
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
