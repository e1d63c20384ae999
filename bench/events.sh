#!/usr/bin/env bash
# Events: 1,000 concurrent joins on one event (latency, no overbooking) and GET /api/v1/events
# with 10,000 events (bench/events-seed.sql). The bursts come from camp_bench_burst (one
# keep-alive connection per student, warmed, then one request each at once; bench/burst), first
# on GET /api/v1/accounts/me (no database: the yardstick), then the joins; bench/events.mjs
# then checks the seats and times the list.
#   bench/events.sh
#   BENCH_EVENTS=10000 BENCH_JOINERS=1000 BENCH_CAPACITY=100 BENCH_EVENTS_PORT=18440 BUILD_DIR=build
set -euo pipefail
cd "$(dirname "$0")/.."
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
BUILD_DIR=${BUILD_DIR:-build}
work=$(mktemp -d /tmp/camp-bench-events.XXXXXX)
chmod 755 "$work"
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_LISTEN=127.0.0.1:${BENCH_EVENTS_PORT:-18440} CAMP_LOG_LEVEL=${CAMP_LOG_LEVEL:-warn} CAMP_CONFIG=
# Every joiner has a connection of its own, all from 127.0.0.1.
export CAMP_HTTP_MAX_CONNECTIONS_PER_ADDRESS=4096
camp=$BUILD_DIR/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
trap '$camp db stop >/dev/null; rm -rf "$work"' EXIT
url=$($camp db url)
psql "$url" -q -v rows="${BENCH_EVENTS:-10000}" -v joiners="${BENCH_JOINERS:-1000}" -v capacity="${BENCH_CAPACITY:-100}" \
  -f bench/events-seed.sql
psql "$url" -At -c "SELECT id FROM accounts WHERE email LIKE 'bench-join-%' ORDER BY id" >"$work/ids"
event=$(psql "$url" -At -c "SELECT id FROM events WHERE title = '満席テスト'")
$BUILD_DIR/bin/campd >"${BENCH_LOG:-/dev/null}" 2>&1 & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -fs http://$CAMP_LISTEN/readyz >/dev/null && break; sleep 0.1; done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
node --input-type=module -e "
  import { readFileSync, writeFileSync } from 'node:fs';
  import { signToken } from './bench/lib/client.mjs';
  const ids = readFileSync('$work/ids', 'utf8').split('\n').filter(Boolean);
  writeFileSync('$work/tokens', ids.map((id) => signToken('$(cat "$work/jwt_secret")', id, 'student')).join('\n') + '\n');"
$BUILD_DIR/bin/camp_bench_burst 127.0.0.1 "${CAMP_LISTEN##*:}" "$work/tokens" /api/v1/events/unread_count \
  GET /api/v1/accounts/me POST "/api/v1/events/$event/participation"
node bench/events.mjs "http://$CAMP_LISTEN" "$work/tokens" "$event" "${BENCH_CAPACITY:-100}"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
