#!/usr/bin/env bash
# GET /api/v1/accounts/me (valid token) against the bare RESTinio hello ceiling, in one run:
# wrk -t2 -c64 -d10s --latency on each, then req/s, p99 and the ratio.
# Targets: /me >= 40% of hello, /me p99 <= 10 ms.
#
#   bench/http.sh                      # starts camp_bench_hello + a private campd stack
#   CAMP_BENCH_URL=http://127.0.0.1:18100 bench/http.sh   # use a running daemon for /me
#   BENCH_DURATION=10s BENCH_CONNECTIONS=64 BENCH_THREADS=2 BENCH_ROUNDS=1  (defaults)
#   BENCH_PATH=/api/v1/questions bench/http.sh   # another authenticated GET instead of /me
#   BENCH_ROUNDS=N alternates hello and /me N times and reports medians (steadier on a busy box)
#   BENCH_QUESTIONS=100000 seeds that many questions first (bench/search-seed.sql); with
#   BENCH_PATH=/api/v1/questions the targets are the question list's (>= 20% of hello, p99 <= 10 ms;
#   issue 25's second targets, the first were 10% and 20 ms)
source "$(dirname "${BASH_SOURCE[0]}")/lib/stack.sh"

BENCH_PATH=${BENCH_PATH:-/api/v1/accounts/me}  # any GET that takes the bearer token
export CAMP_BENCH_PATH=$BENCH_PATH
DURATION=${BENCH_DURATION:-10s}
CONNS=${BENCH_CONNECTIONS:-64}
THREADS=${BENCH_THREADS:-2}
ROUNDS=${BENCH_ROUNDS:-1}
OUT=$(mktemp -d /tmp/camp-bench-http-XXXXXX)
BENCH_PIDS=()
trap 'stack_cleanup; rm -rf "$OUT"' EXIT

start_hello
start_stack
TOKEN=$(login_token)
export CAMP_BENCH_TOKEN=$TOKEN
code=$(curl -s -o "$OUT/me.json" -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$CAMP_URL$BENCH_PATH")
[[ "$code" == 200 ]] || die "GET /me with the token answered $code: $(cat "$OUT/me.json")"

# Short warm-ups (connection set-up, caches, prepared statements).
wrk -t"$THREADS" -c"$CONNS" -d2s "http://127.0.0.1:$HELLO_PORT/" >/dev/null
wrk -t"$THREADS" -c"$CONNS" -d2s -s "$CAMP_BENCH_LUA_DIR/me.lua" "$CAMP_URL$BENCH_PATH" >/dev/null

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# ROUNDS alternating hello / me runs: on a shared machine the median of the per-round ratios
# is steadier than one pair.
ratios=() lines=()
h_all=() m_all=() hp_all=() mp_all=()
m_bad=0 m_sock=0
for round in $(seq "$ROUNDS"); do
  run_wrk "hello#$round" "$OUT/hello.txt" -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency \
    -s "$CAMP_BENCH_LUA_DIR/plain.lua" "http://127.0.0.1:$HELLO_PORT/"
  run_wrk "me#$round" "$OUT/me.txt" -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency \
    -s "$CAMP_BENCH_LUA_DIR/me.lua" "$CAMP_URL$BENCH_PATH"
  h_rps=$(field "$OUT/hello.txt" rps); h_p99=$(field "$OUT/hello.txt" p99_ms)
  m_rps=$(field "$OUT/me.txt" rps); m_p99=$(field "$OUT/me.txt" p99_ms)
  m_bad=$((m_bad + $(field "$OUT/me.txt" non2xx))); m_sock=$((m_sock + $(field "$OUT/me.txt" socket_errors)))
  r=$(awk -v a="$m_rps" -v b="$h_rps" 'BEGIN { printf "%.1f", 100 * a / b }')
  ratios+=("$r"); h_all+=("$h_rps"); m_all+=("$m_rps"); hp_all+=("$h_p99"); mp_all+=("$m_p99")
  lines+=("$(printf '%-6s %12s %10s %12s %10s %8s%%  load %s' "$round" "$h_rps" "$h_p99" "$m_rps" "$m_p99" "$r" "$(cut -d' ' -f1 /proc/loadavg)")")
done
h_rps=$(median "${h_all[@]}"); h_p99=$(median "${hp_all[@]}")
m_rps=$(median "${m_all[@]}"); m_p99=$(median "${mp_all[@]}")
ratio=$(median "${ratios[@]}")

echo
echo "== bench/http.sh  $(date -u +%Y-%m-%dT%H:%MZ)  wrk -t$THREADS -c$CONNS -d$DURATION --latency"
machine_line
printf '%-6s %12s %10s %12s %10s %9s\n' round 'hello r/s' 'p99 ms' 'route r/s' 'p99 ms' ratio
printf '%s\n' "${lines[@]}"
if (( ROUNDS > 1 )); then
  printf '%-6s %12s %10s %12s %10s %8s%%\n' median "$h_rps" "$h_p99" "$m_rps" "$m_p99" "$ratio"
fi
echo "ratio $BENCH_PATH / hello: ${ratio}%   (non-2xx: $m_bad, socket errors: $m_sock)"
verdict() { if [[ "$1" == 1 ]]; then echo PASS; else echo FAIL; fi; }
# Targets: /me 40% and 10 ms; the question list 20% and 10 ms.
if [[ "$BENCH_PATH" == /api/v1/questions ]]; then target_ratio=20 target_p99=10; else target_ratio=40 target_p99=10; fi
target_ratio=${BENCH_TARGET_RATIO:-$target_ratio} target_p99=${BENCH_TARGET_P99:-$target_p99}
echo "target $BENCH_PATH >= $target_ratio% of hello: $(verdict "$(awk -v r="$ratio" -v t="$target_ratio" 'BEGIN { print (r >= t) }')")"
echo "target $BENCH_PATH p99 <= $target_p99 ms:    $(verdict "$(awk -v p="$m_p99" -v t="$target_p99" 'BEGIN { print (p <= t) }')")"
[[ "$m_bad" == 0 ]] || echo "WARNING: $BENCH_PATH answered $m_bad non-2xx responses: the figure is not a valid measurement"
