#!/usr/bin/env bash
# NotificationChannel delivery across two daemons (docs/notifications.md "Live"): BENCH_ACCOUNTS
# (2,000) students, each with its own token and one /cable connection subscribed to
# NotificationChannel, half on each of two daemons sharing one database; then BENCH_ROUNDS (10)
# events published through the API (event.published tells every student). Each tab timestamps
# its `created` message; bench/cable/notifications.mjs prints, over all (tab, event) pairs, the
# latency from the dispatch's commit (the dispatching daemon's log line) and from the publish
# request, and the `/cable` presence fan-out of bench/cable.sh's client as the ceiling of what
# one broadcast to the same tabs costs in the same run.
#   bench/notification-channel.sh      (BUILD_DIR=build BENCH_PORT=18480)
set -euo pipefail
cd "$(dirname "$0")/.."
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
BUILD_DIR=${BUILD_DIR:-build}
accounts=${BENCH_ACCOUNTS:-2000}; rounds=${BENCH_ROUNDS:-10}; port=${BENCH_PORT:-18480}
npm --prefix bench/cable install --no-audit --no-fund --loglevel=error >/dev/null
work=$(mktemp -d /tmp/camp-bench-notification-channel.XXXXXX)
chmod 755 "$work"
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_LOG_LEVEL=info CAMP_CONFIG=
export CAMP_MAIL_DELIVERY_THREADS=0  # the mails are queued, not sent: the tabs are measured
# Every tab is a connection of its own from 127.0.0.1.
export CAMP_CABLE_MAX_CONNECTIONS=$((accounts + 100)) CAMP_HTTP_MAX_CONNECTIONS=$((accounts + 100))
export CAMP_HTTP_MAX_CONNECTIONS_PER_ADDRESS=$((accounts + 100))
camp=$BUILD_DIR/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
trap '$camp db stop >/dev/null; rm -rf "$work"' EXIT
url=$($camp db url)
psql "$url" -q -v joiners="$accounts" <<'SQL'
INSERT INTO accounts (email, role, nickname, course_id, password_hash)
SELECT 'bench-tab-' || g || '@example.com', 'student', 'タブ ' || g, (SELECT id FROM courses WHERE code = 'rails_4m'), 'x'
FROM generate_series(1, :joiners) g;
INSERT INTO sessions (id, account_id, expires_at)
SELECT 'bench-' || id, id, now() + interval '1 day' FROM accounts WHERE email LIKE 'bench-tab-%';
ANALYZE accounts;
SQL
psql "$url" -At -c "SELECT id FROM accounts WHERE email LIKE 'bench-tab-%' ORDER BY id" >"$work/ids"
for round in $(seq "$rounds"); do
  $camp --json events create --title "通知ベンチ $round" --date 2027-02-$((10 + round)) --start 19:00 --end 21:00 \
    --capacity 100 | sed -n 's/^  "id": \([0-9]*\),*/\1/p'
done >"$work/events"
CAMP_LISTEN=127.0.0.1:$port $BUILD_DIR/bin/campd 2>"$work/campd-a.log" & a=$!
CAMP_LISTEN=127.0.0.1:$((port + 1)) $BUILD_DIR/bin/campd 2>"$work/campd-b.log" & b=$!
trap 'kill $a $b 2>/dev/null; wait $a $b 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
for p in $port $((port + 1)); do
  for _ in $(seq 100); do curl -fs http://127.0.0.1:$p/readyz >/dev/null && break; sleep 0.1; done
done
admin=$(curl -fs -X POST http://127.0.0.1:$port/api/v1/account_token -H 'Content-Type: application/json' \
  -d '{"auth":{"email":"admin@example.com","password":"demo-pass-1234"}}' | sed 's/.*"jwt":"\([^"]*\)".*/\1/')
echo "machine: $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
node bench/cable/notifications.mjs --daemons "http://127.0.0.1:$port,http://127.0.0.1:$((port + 1))" \
  --secret "$(cat "$work/jwt_secret")" --ids "$work/ids" --events "$work/events" --admin "$admin" \
  --logs "$work/campd-a.log,$work/campd-b.log" --question "$(psql "$url" -At -c 'SELECT min(id) FROM questions')"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
