#!/usr/bin/env bash
# Notifications (docs/notifications.md "Retention and scale"), each against a ceiling measured in
# the same run:
#  1. the unread count with BENCH_NOTIFICATIONS (1,000,000) notifications stored over
#     BENCH_STUDENTS (10,000) students: p95 of GET /api/v1/notifications/unread_count, target
#     <= 5 ms, and its ratio to GET /api/v1/accounts/me (bench/notifications.mjs);
#  2. an event published to the 10,000 students: the dispatcher's transaction (10,000
#     notifications and 10,000 event_published mails queued, commit), target <= 1 s, from the
#     daemon's log line, and its ratio to `camp mail test --count 10000` (the outbox alone).
#   bench/notifications.sh            (BUILD_DIR=build BENCH_NOTIFICATIONS_PORT=18470 BENCH_ROUNDS=3)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
work=$(mktemp -d /tmp/camp-bench-notifications.XXXXXX)
chmod 755 "$work"
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_LISTEN=127.0.0.1:${BENCH_NOTIFICATIONS_PORT:-18470} CAMP_LOG_LEVEL=info CAMP_CONFIG=
export CAMP_MAIL_DELIVERY_THREADS=0  # queued is what is measured; nothing is sent
camp=$BUILD_DIR/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
trap '$camp db stop >/dev/null; rm -rf "$work"' EXIT
url=$($camp db url)
echo "machine: $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "seeding ${BENCH_STUDENTS:-10000} students and ${BENCH_NOTIFICATIONS:-1000000} notifications..."
start=$(date +%s.%N)
psql "$url" -q -v students="${BENCH_STUDENTS:-10000}" -v rows="${BENCH_NOTIFICATIONS:-1000000}" -f bench/notifications-seed.sql
echo "seeded in $(echo "$(date +%s.%N) - $start" | bc) s; notifications stored: $(psql "$url" -At -c 'SELECT count(*) FROM notifications')"
$BUILD_DIR/bin/campd 2>"$work/campd.log" & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do curl -fs http://$CAMP_LISTEN/readyz >/dev/null && break; sleep 0.1; done
token() {
  curl -fs -X POST http://$CAMP_LISTEN/api/v1/account_token -H 'Content-Type: application/json' \
    -d "{\"auth\":{\"email\":\"$1\",\"password\":\"demo-pass-1234\"}}" | sed 's/.*"jwt":"\([^"]*\)".*/\1/'
}
# The demo student is one of the students the notifications were spread over.
echo "== 1. unread count, $(psql "$url" -At -c "SELECT count(*) FROM notifications n JOIN accounts a ON a.id = n.account_id WHERE a.email = 'student@example.com'") notifications of the measured account"
node bench/notifications.mjs "http://$CAMP_LISTEN" "$(token student@example.com)" "${BENCH_REQUESTS:-1000}"

echo "== 2. an event published to every student (the dispatcher), ${BENCH_ROUNDS:-3} rounds"
admin=$(token admin@example.com)
for round in $(seq "${BENCH_ROUNDS:-3}"); do
  psql "$url" -q -c "TRUNCATE mail_outbox" >/dev/null
  yardstick=$("$camp" --json mail test --to yardstick@example.com --count 10000 | sed -n 's/.*"enqueue_ms": \([0-9]*\).*/\1/p')
  psql "$url" -q -c "TRUNCATE mail_outbox" >/dev/null
  id=$("$camp" --json events create --title "ベンチマーク勉強会 $round" --date 2027-01-1$round --start 19:00 --end 21:00 --capacity 100 |
    sed -n 's/^  "id": \([0-9]*\),*/\1/p')
  lines=$(grep -c 'event.published' "$work/campd.log" || true)
  curl -fs -X POST "http://$CAMP_LISTEN/api/v1/events/$id/publish" -H "Authorization: Bearer $admin" >/dev/null
  for _ in $(seq 600); do
    (($(grep -c 'event.published' "$work/campd.log" || true) > lines)) && break
    sleep 0.05
  done
  line=$(grep 'event.published' "$work/campd.log" | tail -1)
  ms=$(sed -n 's/.* in \([0-9.]*\) ms.*/\1/p' <<<"$line")
  echo "round $round: ${line##*: }"
  echo "round $round: yardstick (10,000 test mails queued) ${yardstick} ms; dispatch / yardstick = $(echo "scale=2; $ms / $yardstick" | bc)"
  echo "round $round: queued now: $(psql "$url" -At -c "SELECT count(*) FROM mail_outbox WHERE template = 'event_published'") mails, $(psql "$url" -At -c "SELECT count(*) FROM notifications WHERE kind = 'event.published'") notifications in all"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
