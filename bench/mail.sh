#!/usr/bin/env bash
# Mail outbox benchmark (docs/mail.md): how long 10,000 mails take to queue (one
# enqueue_many statement), and the delivery rate of two daemons to a real SMTP server on
# loopback (tests/mail/receiver.py, aiosmtpd), checking that nothing arrives twice.
#   bench/mail.sh            (BUILD=build-mail BENCH_MAIL_DELIVER=5000 BENCH_MAIL_THREADS=2)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bin=$root/${BUILD:-build}/bin
deliver=${BENCH_MAIL_DELIVER:-5000}
threads=${BENCH_MAIL_THREADS:-2}
python=${CAMP_TEST_PYTHON:-/usr/bin/python3}

work=$(mktemp -d /tmp/camp-bench-mail.XXXXXX)
chmod 755 "$work"  # as root, the private cluster runs as postgres
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null; done
  CAMP_DATA_DIR=$work/db "$bin/camp" db stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { local p=$1; while (: </dev/tcp/127.0.0.1/$p) 2>/dev/null; do p=$((p + 1)); done; echo "$p"; }

export CAMP_CONFIG= CAMP_DATABASE_URL= CAMP_DATA_DIR=$work/db CAMP_LOG_LEVEL=warn
"$bin/camp" db start >/dev/null
"$bin/camp" db migrate >/dev/null
url=$("$bin/camp" db url)
export CAMP_DATABASE_URL=$url
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== queue 10,000 mails in one transaction (camp mail test --count 10000), 3 runs"
for round in 1 2 3; do
  start=$(date +%s%N)
  ms=$("$bin/camp" --json mail test --to bench@example.com --count 10000 | sed -n 's/.*"enqueue_ms": \([0-9.]*\).*/\1/p')
  wall=$((($(date +%s%N) - start) / 1000000))
  echo "round $round: enqueue_many ${ms%.*} ms (render + one INSERT ... SELECT unnest + commit); whole command ${wall} ms"
done
psql -q "$url" -c "TRUNCATE mail_outbox" >/dev/null

echo "== deliver $deliver mails with two daemons ($threads delivery threads each) to aiosmtpd on loopback"
smtp_port=$(free_port 19750)
mkdir -p "$work/received"
"$python" tests/mail/receiver.py "$smtp_port" "$work/received" >"$work/receiver.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do grep -q ready "$work/receiver.log" && break; sleep 0.1; done
"$bin/camp" --json mail test --to deliver@example.com --count "$deliver" >/dev/null
start=$(date +%s%N)
for n in 1 2; do
  port=$(free_port $((19760 + n * 5)))
  CAMP_DATA_DIR=$work/d$n CAMP_LISTEN=127.0.0.1:$port CAMP_MAIL_SMTP_URL=smtp://127.0.0.1:$smtp_port \
    CAMP_MAIL_SMTP_STARTTLS=off CAMP_MAIL_DELIVERY_THREADS=$threads "$bin/campd" >"$work/campd$n.log" 2>&1 &
  pids+=($!)
done
while [[ $(psql -qtA "$url" -c "SELECT count(*) FROM mail_outbox WHERE status = 'queued'") != 0 ]]; do sleep 0.05; done
ms=$((($(date +%s%N) - start) / 1000000))
received=$(find "$work/received" -name '*.eml' | wc -l)
distinct=$(cat "$work"/received/*.eml | grep -i '^Message-ID:' | sort -u | wc -l)
echo "delivered $deliver in ${ms} ms (daemon start included): $((deliver * 1000 / (ms > 0 ? ms : 1))) mails/s;" \
  "received $received files, $distinct distinct Message-IDs (duplicates: $((received - distinct)))"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
