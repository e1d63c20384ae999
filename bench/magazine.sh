#!/usr/bin/env bash
# Mail magazine benchmark (docs/mail.md "The mail magazine"): 10,000 subscribed accounts, one
# `camp mail magazine send` (recipients, 10,000 signed links and renders, ten enqueue_many
# batches of 1,000, commit), 3 runs (--again). Target: <= 1 s.
# The same run also times `camp mail test --count 10000` (the outbox's own bench, recorded at
# ~230 ms on a quiet machine) as a yardstick for how busy the machine is.
#   bench/magazine.sh            (BUILD=build BENCH_MAGAZINE_LINES=12: a ~2 KB body)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/${BUILD:-build}/bin
work=$(mktemp -d /tmp/camp-bench-magazine.XXXXXX)
chmod 755 "$work"  # as root, the private cluster runs as postgres
cleanup() {
  CAMP_DATA_DIR=$work/db "$bin/camp" db stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

export CAMP_CONFIG= CAMP_DATABASE_URL= CAMP_DATA_DIR=$work/db CAMP_LOG_LEVEL=warn
"$bin/camp" db start >/dev/null
"$bin/camp" db migrate >/dev/null
url=$("$bin/camp" db url)
export CAMP_DATABASE_URL=$url
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# 10,000 graduates and 500 who stopped the magazine (they must not be counted).
psql -q "$url" -c "INSERT INTO accounts (email, role, nickname, course_id, password_hash)
  SELECT 'reader' || i || '@example.com', 'graduate', '卒業生 ' || i, 1, 'x' FROM generate_series(1, 10500) i" >/dev/null
psql -q "$url" -c "INSERT INTO mail_unsubscriptions (account_id, topic)
  SELECT id, 'magazine' FROM accounts WHERE email LIKE 'reader%' ORDER BY id LIMIT 500" >/dev/null
body=$work/body.txt
for i in $(seq "${BENCH_MAGAZINE_LINES:-12}"); do echo "今月のお知らせ $i 行目: Rails と Hotwire の勉強会、転職相談会、卒業生の声をお届けします。"; done >"$body"

echo "== yardstick: camp mail test --count 10000 (the outbox bench)"
"$bin/camp" --json mail test --to yardstick@example.com --count 10000 | sed -n 's/.*"enqueue_ms": \([0-9]*\).*/enqueue_many of 10,000 test mails: \1 ms/p'
psql -q "$url" -c "TRUNCATE mail_outbox" >/dev/null
echo "== queue the magazine ($(wc -c <"$body") bytes of body) to 10,000 subscribers (camp mail magazine send), 3 runs"
for round in 1 2 3; do
  again=$([[ $round == 1 ]] || echo --again)
  start=$(date +%s%N)
  out=$("$bin/camp" --json mail magazine send --subject "ポテパン通信 ベンチマーク" --body-file "$body" --to graduate $again)
  wall=$((($(date +%s%N) - start) / 1000000))
  queued=$(sed -n 's/.*"queued": \([0-9]*\).*/\1/p' <<<"$out")
  ms=$(sed -n 's/.*"elapsed_ms": \([0-9.]*\).*/\1/p' <<<"$out")
  echo "round $round: $queued mails queued in ${ms%.*} ms (send_magazine: one transaction); whole command ${wall} ms"
done
echo "outbox rows: $(psql -qtA "$url" -c 'SELECT count(*) FROM mail_outbox')"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
