#!/usr/bin/env bash
# The review queue and the curriculum list through the API.
#   bench/reviews.sh [REQUESTS=400]
#   BENCH_SUBMISSIONS=50000 (default), BUILD_DIR=build-x, BENCH_REVIEWS_PORT=18460
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
ROWS=${BENCH_SUBMISSIONS:-50000}
work=$(mktemp -d /tmp/camp-bench-reviews.XXXXXX)
chmod 755 "$work"
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_LISTEN=127.0.0.1:${BENCH_REVIEWS_PORT:-18460} CAMP_LOG_LEVEL=warn CAMP_CONFIG=
# The school's real curriculum (22 tasks, for the student's full history) and the fixture's
# tasks 901-904 (the queue's 50,000 submissions), imported together.
mkdir -p "$work/curriculum"
cp -r config/curriculum/. tests/fixtures/curriculum/. "$work/curriculum/"
export CAMP_CURRICULUM_DIR=$work/curriculum
camp=$BUILD_DIR/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
trap '$camp db stop >/dev/null; rm -rf "$work"' EXIT
echo "seeding $ROWS submissions..."
time psql "$($camp db url)" -q -v rows="$ROWS" -f bench/reviews-seed.sql
$BUILD_DIR/bin/campd & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -fs http://$CAMP_LISTEN/readyz >/dev/null && break; sleep 0.1; done
token() {
  curl -fs -X POST http://$CAMP_LISTEN/api/v1/account_token -H 'Content-Type: application/json' \
    -d "{\"auth\":{\"email\":\"$1\",\"password\":\"demo-pass-1234\"}}" | sed 's/.*"jwt":"\([^"]*\)".*/\1/'
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
node bench/reviews.mjs "http://$CAMP_LISTEN" "$(token advanced-mentor@example.com)" "$(token student@example.com)" "${1:-400}"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
