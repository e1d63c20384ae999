#!/usr/bin/env bash
# A backlog of the notification road: the day's scan (`camp notifications scan`) over the school
# day's seed (20,000 questions without an answer, 2,000 students who owe a questionnaire) records
# about 12,000 domain events at once; the seconds one daemon takes to dispatch every one of them
# and send every mail (the .eml transport). Each campd given is measured in turn, on the same
# data, the rounds alternated: its figure is a ratio to the other build's.
#   bench/scan-drain.sh build/bin/campd /tmp/campd-before   (BENCH_ROUNDS=2 BUILD_DIR=build)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
[ $# -ge 1 ] || { echo "usage: bench/scan-drain.sh CAMPD [CAMPD ...]" >&2; exit 2; }
work=$(mktemp -d /tmp/camp-bench-scan.XXXXXX)
chmod 755 "$work"
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_CONFIG= CAMP_LISTEN=127.0.0.1:${BENCH_SCAN_PORT:-18433} CAMP_LOG_LEVEL=warn
# The daemon's own scan and digest stay off: the command records the scan when the clock starts.
export CAMP_NOTIFICATIONS_SCAN_ENABLED=false CAMP_MAIL_DIGEST_ENABLED=false
camp=$BUILD_DIR/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
url=$($camp db url)
psql -X -q -v ON_ERROR_STOP=1 -v rows=20000 -f bench/search-seed.sql "$url" >/dev/null
psql -X -q -v ON_ERROR_STOP=1 -v rows=300 -v capacity=1000 -v joiners=2000 -f bench/events-seed.sql "$url" >/dev/null
psql -X -q "$url" -c 'VACUUM ANALYZE'
left() {
  psql -X -A -t "$url" -c "SELECT (SELECT count(*) FROM domain_events WHERE failed_at IS NULL) +
                                  (SELECT count(*) FROM mail_outbox WHERE status = 'queued')"
}
echo "machine: $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "${BENCH_ROUNDS:-2}"); do
  for campd in "$@"; do
    psql -X -q "$url" -c 'TRUNCATE notifications, notification_marks, domain_events, mail_outbox' -c 'DELETE FROM mail_runs'
    "$campd" >/dev/null 2>"$work/campd.log" & pid=$!
    for _ in $(seq 100); do curl -fs "http://$CAMP_LISTEN/readyz" >/dev/null && break; sleep 0.1; done
    kill -STOP $pid  # the events wait until all are recorded (the command dispatches its first 200)
    scan=$($camp notifications scan | head -1)
    events=$(psql -X -A -t "$url" -c 'SELECT count(*) FROM domain_events')
    start=$(date +%s.%N)
    kill -CONT $pid
    while [ "$(left)" != 0 ]; do sleep 0.2; done
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    kill $pid; wait $pid 2>/dev/null || true; pid=
    printf 'round %s %s: %s events left after the command, drained in %.1f s; %s notifications, %s mails sent (%s)\n' \
      "$round" "$campd" "$events" "$seconds" "$(psql -X -A -t "$url" -c 'SELECT count(*) FROM notifications')" \
      "$(psql -X -A -t "$url" -c "SELECT count(*) FROM mail_outbox WHERE status = 'sent'")" "$scan"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
