#!/usr/bin/env bash
# AI chat benchmark (bench/ai-chat.mjs): time to first delta with the fake OpenAI-compatible
# provider of the realtime tests, and 200 concurrent chats on one daemon while /me is measured.
#   bench/ai_chat.sh [CONCURRENT=200] [SEQUENTIAL=40]
# The concurrent chats come from CONCURRENT different students.
# Starts its own private PostgreSQL (demo seed) under a temporary directory; loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
npm --prefix bench/cable install --no-audit --no-fund --loglevel=error >/dev/null
work=$(mktemp -d /tmp/camp-bench-ai-chat.XXXXXX)
export CAMP_DATA_DIR=$work CAMP_DATABASE_URL= CAMP_CONFIG=
camp=build/bin/camp
$camp db start >/dev/null && $camp db migrate >/dev/null && $camp db seed --demo >/dev/null
trap '$camp db stop >/dev/null; rm -rf "$work"' EXIT
# One student per concurrent chat (a student's own turns are serialised by design: the hourly
# limit is checked under a lock on the account), each with a session the bench signs tokens for.
psql "$($camp db url)" -q -v n="${1:-200}" <<'SQL'
INSERT INTO accounts (email, role, nickname, course_id, password_hash)
SELECT 'bench-chat-' || g || '@example.com', 'student', 'ベンチ ' || g, (SELECT id FROM courses WHERE code = 'rails_4m'), 'x'
FROM generate_series(1, :n) g;
INSERT INTO sessions (id, account_id, expires_at)
SELECT 'bench-' || id, id, now() + interval '1 day' FROM accounts WHERE email LIKE 'bench-chat-%';
SQL
psql "$($camp db url)" -At -c "SELECT id FROM accounts WHERE email LIKE 'bench-chat-%' ORDER BY id" >"$work/ids"
uptime
node bench/ai-chat.mjs build/bin/campd "$work/ids" "${2:-40}"
uptime
