#!/usr/bin/env bash
# Keyword search over 100,000 seeded questions (bench/search-seed.sql), through the API.
#   bench/search.sh [REQUESTS=400]
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/camp-bench-search.XXXXXX)
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_LISTEN=127.0.0.1:18430 CAMP_LOG_LEVEL=warn CAMP_CONFIG=
camp=build/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
trap '$camp db stop >/dev/null; rm -rf "$work"' EXIT
echo "seeding 100,000 questions..."
time psql "$($camp db url)" -q -f bench/search-seed.sql
build/bin/campd & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -fs http://$CAMP_LISTEN/readyz >/dev/null && break; sleep 0.1; done
token=$(curl -fs -X POST http://$CAMP_LISTEN/api/v1/account_token -H 'Content-Type: application/json' \
  -d '{"auth":{"email":"student@example.com","password":"demo-pass-1234"}}' | sed 's/.*"jwt":"\([^"]*\)".*/\1/')
node bench/search.mjs "http://$CAMP_LISTEN" "$token" "${1:-400}"
