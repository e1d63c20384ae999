#!/usr/bin/env bash
# Students: `camp students import` of 10,000 new students (invitations queued included), then
# GET /api/v1/students with 20,000 students and GET /api/v1/dashboard (and its weekly trends) with
# 20,000 students and 200,000 submissions (bench/students-seed.sql, bench/students.mjs). Targets: import
# <= 3 s, /students p95 <= 30 ms, /dashboard p95 <= 50 ms.
#   bench/students.sh
#   BENCH_IMPORT=10000 BENCH_STUDENTS=20000 BENCH_SUBMISSIONS=200000 BENCH_STUDENTS_PORT=18450 BUILD_DIR=build
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
work=$(mktemp -d /tmp/camp-bench-students.XXXXXX)
chmod 755 "$work"
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_LISTEN=127.0.0.1:${BENCH_STUDENTS_PORT:-18450} CAMP_LOG_LEVEL=warn CAMP_CONFIG=
camp=$BUILD_DIR/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
trap '$camp db stop >/dev/null; rm -rf "$work"' EXIT
url=$($camp db url)
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# 1. The import: a CSV of BENCH_IMPORT new students, timed as the operator runs it.
python3 - "$work/import.csv" "${BENCH_IMPORT:-10000}" <<'PY'
import sys
path, n = sys.argv[1], int(sys.argv[2])
courses = ["rails_4m", "rails_5m", "u29"]
with open(path, "w", encoding="utf-8") as f:
    f.write("email,name,course,start_date,status,mentor_email\n")
    for i in range(1, n + 1):
        f.write(f"import-{i}@example.com,取込 {i}号,{courses[i % 3]},2026-{1 + i % 12:02d}-{1 + i % 28:02d},,advanced-mentor@example.com\n")
PY
start=$(date +%s.%N)
$camp students import "$work/import.csv" >/dev/null
end=$(date +%s.%N)
queued=$(psql "$url" -At -c "SELECT count(*) FROM mail_outbox WHERE template = 'invitation'")
echo "import of ${BENCH_IMPORT:-10000} new students: $(echo "$end - $start" | bc) s (invitations queued: $queued)"
start=$(date +%s.%N)
$camp students import "$work/import.csv" >/dev/null
end=$(date +%s.%N)
echo "the same file again (nothing changes): $(echo "$end - $start" | bc) s"

# 2. The API with BENCH_STUDENTS students (the imported ones count) and BENCH_SUBMISSIONS submissions.
have=$(psql "$url" -At -c "SELECT count(*) FROM students")
psql "$url" -q -v students="$(( ${BENCH_STUDENTS:-20000} - have ))" -v submissions="${BENCH_SUBMISSIONS:-200000}" \
  -f bench/students-seed.sql
# What autovacuum does within a minute of a bulk load: the dashboard's counts are index-only scans,
# which visit every row's heap page until the visibility map is set.
psql "$url" -q -c "VACUUM ANALYZE"
echo "students: $(psql "$url" -At -c "SELECT count(*) FROM students"), submissions: $(psql "$url" -At -c "SELECT count(*) FROM submissions")"
admin=$(psql "$url" -At -c "SELECT id FROM accounts WHERE email = 'bench-admin@example.com'")
$BUILD_DIR/bin/campd & pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; $camp db stop >/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -fs http://$CAMP_LISTEN/readyz >/dev/null && break; sleep 0.1; done
node bench/students.mjs "http://$CAMP_LISTEN" "$(cat "$work/jwt_secret")" "$admin"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
