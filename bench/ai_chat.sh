#!/usr/bin/env bash
# AI chat benchmark (bench/ai-chat.mjs): time to first delta with the fake OpenAI-compatible
# provider of the realtime tests, and 200 concurrent chats on one daemon while /me is measured.
#   bench/ai_chat.sh [CONCURRENT=200] [SEQUENTIAL=40]
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
uptime
node bench/ai-chat.mjs build/bin/campd "${1:-200}" "${2:-40}"
uptime
