#!/usr/bin/env bash
# campd start-up: time from spawning campd (database already up and migrated) to /readyz
# answering 200, 10 runs, median; idle RSS from /proc/<pid>/status after 2 s idle.
# Target: ready <= 300 ms.
#
#   bench/startup.sh            (RUNS=10 IDLE_MS=2000)
source "$(dirname "${BASH_SOURCE[0]}")/lib/stack.sh"

RUNS=${RUNS:-10}
IDLE_MS=${IDLE_MS:-2000}
command -v node >/dev/null || die "node is needed for the probe"
need "$CAMP" "$CAMPD"
start_db
URL="http://127.0.0.1:$BENCH_PORT"

ready=() rss=() hwm=()
for i in $(seq "$RUNS"); do
  line=$(node "$BENCH_DIR/lib/startup-probe.mjs" "$CAMPD" "$CAMP_CONFIG_FILE" "$URL" "$IDLE_MS") || die "run $i failed"
  log "run $i: $line"
  ready+=("$(sed -n 's/.*ready_ms=\([^ ]*\).*/\1/p' <<<"$line")")
  rss+=("$(sed -n 's/.*rss_kib=\([^ ]*\).*/\1/p' <<<"$line")")
  hwm+=("$(sed -n 's/.*hwm_kib=\([^ ]*\).*/\1/p' <<<"$line")")
done

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
minmax() { printf '%s\n' "$@" | sort -g | sed -n '1p;$p' | paste -sd/ -; }

r_med=$(median "${ready[@]}")
echo
echo "== bench/startup.sh  $(date -u +%Y-%m-%dT%H:%MZ)  $RUNS runs, database already up"
machine_line
echo "start to /readyz 200: median ${r_med} ms (min/max $(minmax "${ready[@]}") ms)"
echo "idle RSS after ${IDLE_MS} ms: median $(median "${rss[@]}") KiB (min/max $(minmax "${rss[@]}")); VmHWM median $(median "${hwm[@]}") KiB"
if awk -v m="$r_med" 'BEGIN { exit !(m <= 300) }'; then echo "target ready <= 300 ms: PASS"; else echo "target ready <= 300 ms: FAIL"; fi
