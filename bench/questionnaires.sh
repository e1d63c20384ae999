#!/usr/bin/env bash
# Questionnaire export benchmark (docs/questionnaires.md "Exports"): 100,000 sealed
# post-job-change answers; `camp questionnaires export` to CSV and to XLSX, 3 runs each, timed
# with /usr/bin/time -v (wall clock and peak RSS); and, in the same run, `psql \copy` of the same
# rows (the sealed columns joined to the accounts, in the export's order) as the yardstick.
# Targets: CSV <= 2 s and >= 50% of \copy's speed; XLSX <= 6 s; peak memory <= 100 MB for both.
#   bench/questionnaires.sh      (BUILD=build BENCH_QUESTIONNAIRE_ROWS=100000)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/${BUILD:-build}/bin
rows=${BENCH_QUESTIONNAIRE_ROWS:-100000}
work=$(mktemp -d /tmp/camp-bench-questionnaires.XXXXXX)
chmod 755 "$work"  # as root, the private cluster runs as postgres
cleanup() {
  # CAMP_DATABASE_URL is set below (the fill tool reads it): cleared here, or "db stop" takes the
  # database for an outside one and leaves the private server running.
  CAMP_DATABASE_URL= CAMP_DATA_DIR=$work/db "$bin/camp" db stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

export CAMP_CONFIG= CAMP_DATABASE_URL= CAMP_DATA_DIR=$work/db CAMP_LOG_LEVEL=warn
"$bin/camp" db start >/dev/null
"$bin/camp" db migrate >/dev/null
url=$("$bin/camp" db url)
export CAMP_DATABASE_URL=$url
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
psql -q "$url" -c "INSERT INTO accounts (email, role, nickname, course_id, password_hash)
  SELECT 'bench-q' || i || '@example.com', 'graduate', '卒業生 ' || i, 1, 'x' FROM generate_series(1, $rows) i" >/dev/null
start=$(date +%s%N)
"$bin/camp_bench_questionnaires_fill" "$url" "$work/db/questionnaire_keys"
echo "sealed and inserted in $((($(date +%s%N) - start) / 1000000)) ms"
psql -q "$url" -c "VACUUM ANALYZE questionnaire_answers" >/dev/null

measure() {  # label, command...: wall seconds and peak RSS from /usr/bin/time -v
  local label=$1
  shift
  /usr/bin/time -v "$@" >/dev/null 2>"$work/time.txt"
  local wall rss
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
  echo "$label: wall $wall, peak RSS $((rss / 1024)) MB"
}

copy_sql="\\copy (SELECT a.id, a.account_id, a.submitted_at, a.key_id, a.nonce, a.sealed, x.nickname, x.email FROM questionnaire_answers a JOIN accounts x ON x.id = a.account_id WHERE a.kind = 'post-job-change' ORDER BY a.submitted_at, a.id) TO '$work/copy.txt'"
for round in 1 2 3; do
  echo "== round $round"
  measure "psql \\copy of the same $rows rows" psql -q "$url" -c "$copy_sql"
  measure "camp questionnaires export csv" "$bin/camp" questionnaires export --kind post-job-change --format csv --out "$work/a.csv"
  measure "camp questionnaires export xlsx" "$bin/camp" questionnaires export --kind post-job-change --format xlsx --out "$work/a.xlsx"
done
echo "files: csv $(($(stat -c %s "$work/a.csv") / 1024)) KiB ($(($(wc -l <"$work/a.csv") - 1)) rows), xlsx $(($(stat -c %s "$work/a.xlsx") / 1024)) KiB, \\copy $(($(stat -c %s "$work/copy.txt") / 1024)) KiB"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
