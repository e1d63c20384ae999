#!/usr/bin/env bash
# /me throughput alone, then with a login storm beside it (argon2id on every login).
# The storm is a second wrk posting correct credentials to /api/v1/account_token with a
# rotating X-Forwarded-For (the daemon must trust 127.0.0.1 as a proxy; the private stack
# started here does). Target: /me throughput falls by at most 30%.
#
#   bench/login-storm.sh
#   CAMP_BENCH_URL=http://127.0.0.1:18100 bench/login-storm.sh
#   BENCH_DURATION=10s BENCH_CONNECTIONS=64 STORM_CONNECTIONS=8 BENCH_ROUNDS=1  (defaults)
#   BENCH_ROUNDS=N repeats (alone, with storm) N times and reports medians
source "$(dirname "${BASH_SOURCE[0]}")/lib/stack.sh"

DURATION=${BENCH_DURATION:-10s}
CONNS=${BENCH_CONNECTIONS:-64}
STORM_CONNS=${STORM_CONNECTIONS:-8}
ROUNDS=${BENCH_ROUNDS:-1}
secs=${DURATION%s}
OUT=$(mktemp -d /tmp/camp-bench-storm-XXXXXX)
trap 'stack_cleanup; rm -rf "$OUT"' EXIT

start_stack
TOKEN=$(login_token)
export CAMP_BENCH_TOKEN=$TOKEN
code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$CAMP_URL/api/v1/accounts/me")
[[ "$code" == 200 ]] || die "GET /me with the token answered $code"

wrk -t2 -c"$CONNS" -d2s -s "$CAMP_BENCH_LUA_DIR/me.lua" "$CAMP_URL/api/v1/accounts/me" >/dev/null
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

lines=() falls=() a_all=() w_all=() ap_all=() wp_all=() l_all=() lp_all=()
l_req=0 l_bad=0 l_sock=0 bad=0
for round in $(seq "$ROUNDS"); do
  run_wrk "me-alone#$round" "$OUT/alone.txt" -t2 -c"$CONNS" -d"$DURATION" --latency \
    -s "$CAMP_BENCH_LUA_DIR/me.lua" "$CAMP_URL/api/v1/accounts/me"

  # The storm starts 2 s before the /me run and ends 2 s after it.
  wrk -t1 -c"$STORM_CONNS" -d"$((secs + 4))s" --timeout 10s --latency -s "$CAMP_BENCH_LUA_DIR/login.lua" \
    "$CAMP_URL/api/v1/account_token" >"$OUT/storm.txt" 2>&1 &
  STORM_PID=$!
  BENCH_PIDS+=("$STORM_PID")
  sleep 2
  run_wrk "me-with-storm#$round" "$OUT/with.txt" -t2 -c"$CONNS" -d"$DURATION" --latency \
    -s "$CAMP_BENCH_LUA_DIR/me.lua" "$CAMP_URL/api/v1/accounts/me"
  wait "$STORM_PID" || die "login wrk failed: $(cat "$OUT/storm.txt")"
  sed "s/^/  [login-storm#$round] /" "$OUT/storm.txt" >&2

  a_rps=$(field "$OUT/alone.txt" rps); a_p99=$(field "$OUT/alone.txt" p99_ms)
  w_rps=$(field "$OUT/with.txt" rps); w_p99=$(field "$OUT/with.txt" p99_ms)
  s_rps=$(field "$OUT/storm.txt" rps); s_p99=$(field "$OUT/storm.txt" p99_ms)
  l_req=$((l_req + $(field "$OUT/storm.txt" requests))); l_bad=$((l_bad + $(field "$OUT/storm.txt" non2xx)))
  l_sock=$((l_sock + $(field "$OUT/storm.txt" socket_errors)))
  bad=$((bad + $(field "$OUT/alone.txt" non2xx) + $(field "$OUT/with.txt" non2xx)))
  f=$(awk -v a="$a_rps" -v w="$w_rps" 'BEGIN { printf "%.1f", 100 * (a - w) / a }')
  falls+=("$f"); a_all+=("$a_rps"); w_all+=("$w_rps"); ap_all+=("$a_p99"); wp_all+=("$w_p99"); l_all+=("$s_rps"); lp_all+=("$s_p99")
  lines+=("$(printf '%-6s %11s %9s %11s %9s %10s %10s %7s%%  load %s' "$round" "$a_rps" "$a_p99" "$w_rps" "$w_p99" "$s_rps" "$s_p99" "$f" "$(cut -d' ' -f1 /proc/loadavg)")")
done
fall=$(median "${falls[@]}")

echo
echo "== bench/login-storm.sh  $(date -u +%Y-%m-%dT%H:%MZ)  /me: wrk -t2 -c$CONNS -d$DURATION; storm: wrk -t1 -c$STORM_CONNS"
machine_line
printf '%-6s %11s %9s %11s %9s %10s %10s %8s\n' round '/me alone' 'p99 ms' '/me storm' 'p99 ms' 'logins/s' 'p99 ms' fall
printf '%s\n' "${lines[@]}"
if (( ROUNDS > 1 )); then
  printf '%-6s %11s %9s %11s %9s %10s %10s %7s%%\n' median "$(median "${a_all[@]}")" "$(median "${ap_all[@]}")" \
    "$(median "${w_all[@]}")" "$(median "${wp_all[@]}")" "$(median "${l_all[@]}")" "$(median "${lp_all[@]}")" "$fall"
fi
echo "logins: $l_req requests, $l_bad not 201 (429/other), $l_sock socket errors/timeouts; /me non-2xx: $bad"
echo "/me throughput fall: ${fall}%"
if awk -v f="$fall" 'BEGIN { exit !(f <= 30) }'; then echo "target fall <= 30%: PASS"; else echo "target fall <= 30%: FAIL"; fi
[[ "$l_bad" == 0 ]] || echo "WARNING: $l_bad logins were not 201: the storm was partly refused, not hashed"
