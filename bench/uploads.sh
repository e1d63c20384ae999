#!/usr/bin/env bash
# Uploads from the database (issue 28), against the hello ceiling measured in the same run:
#   1. GET of a cached avatar (a 24 KiB PNG, served from the daemon's memory): wrk -t2 -c64
#      --latency on the bare RESTinio hello and on the avatar; target >= 50% of hello. Also
#      against the same server answering as many bytes as the avatar (GET /bytes/N): the
#      ceiling for a response of that size;
#   2. POST /api/v1/file_upload of a 1 MB image, one at a time (curl, UPLOADS_N of them, each
#      bytes of its own): p50 and p95 of the whole request; target p95 <= 50 ms. The picture
#      is decoded and encoded again (libvips) before it is stored: a 1 MB PNG of noise (the
#      only encoder at hand is tests/api/lib/images.mjs), which does not compress. First
#      UPLOADS_WARMUP uploads not counted and a CHECKPOINT: a school's PostgreSQL has run for
#      hours and recycles its 16 MB WAL segments, where a fresh cluster creates and zero-fills
#      a new one every 16 uploads (about 18 ms each time), and the daemon's first uploads start
#      libvips and grow its allocator's arenas.
#
#   bench/uploads.sh
#   BENCH_DURATION=10s BENCH_CONNECTIONS=64 BENCH_THREADS=2 BENCH_ROUNDS=1 UPLOADS_N=40
#   UPLOADS_WARMUP=48  (defaults)
source "$(dirname "${BASH_SOURCE[0]}")/lib/stack.sh"

DURATION=${BENCH_DURATION:-10s}
CONNS=${BENCH_CONNECTIONS:-64}
THREADS=${BENCH_THREADS:-2}
ROUNDS=${BENCH_ROUNDS:-1}
UPLOADS_N=${UPLOADS_N:-40}
UPLOADS_WARMUP=${UPLOADS_WARMUP:-48}
OUT=$(mktemp -d /tmp/camp-bench-uploads-XXXXXX)
BENCH_PIDS=()
trap 'stack_cleanup; rm -rf "$OUT"' EXIT
# The bench uploads more than an account may in an hour.
export CAMP_UPLOADS_PER_HOUR=100000 CAMP_UPLOADS_QUOTA_BYTES=$((1 << 34))

start_hello
start_stack
TOKEN=$(login_token)

# The images: an avatar, and UPLOADS_N different 1 MB pictures.
node --input-type=module -e "
  import { writeFileSync } from 'node:fs';
  import { noisePng } from '$ROOT/tests/api/lib/images.mjs';
  writeFileSync('$OUT/avatar.png', noisePng(24 * 1024, 7).bytes);
  for (let i = 0; i < $UPLOADS_N + $UPLOADS_WARMUP; i++) writeFileSync('$OUT/big-' + i + '.png', noisePng(1000 * 1000, 100 + i).bytes);
"
big_bytes=$(stat -c %s "$OUT/big-0.png")

upload() {  # upload FILE TYPE: prints "status seconds body"
  curl -s -o "$OUT/answer.json" -w '%{http_code} %{time_total}\n' -H "Authorization: Bearer $TOKEN" \
    -F "file=@$1;type=$2" -F file_type=question "$CAMP_URL/api/v1/file_upload"
}

read -r code _ < <(upload "$OUT/avatar.png" image/png)
[[ "$code" == 201 ]] || die "avatar upload answered $code: $(cat "$OUT/answer.json")"
AVATAR=$(sed -n 's/.*"file_url":"\([^"]*\)".*/\1/p' "$OUT/answer.json")
curl -sf -o /dev/null "$CAMP_URL$AVATAR" || die "GET $AVATAR failed"

# 1. The cached avatar against hello.
wrk -t"$THREADS" -c"$CONNS" -d2s "http://127.0.0.1:$HELLO_PORT/" >/dev/null
wrk -t"$THREADS" -c"$CONNS" -d2s "$CAMP_URL$AVATAR" >/dev/null
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratios=() sized=() lines=() bad=0
avatar_size=$(curl -s -o /dev/null -w '%{size_download}' "$CAMP_URL$AVATAR")
for round in $(seq "$ROUNDS"); do
  run_wrk "hello#$round" "$OUT/hello.txt" -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency \
    -s "$CAMP_BENCH_LUA_DIR/plain.lua" "http://127.0.0.1:$HELLO_PORT/"
  run_wrk "avatar#$round" "$OUT/avatar.txt" -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency \
    -s "$CAMP_BENCH_LUA_DIR/plain.lua" "$CAMP_URL$AVATAR"
  run_wrk "hello-${avatar_size}B#$round" "$OUT/same.txt" -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency \
    -s "$CAMP_BENCH_LUA_DIR/plain.lua" "http://127.0.0.1:$HELLO_PORT/bytes/$avatar_size"
  h=$(field "$OUT/hello.txt" rps) a=$(field "$OUT/avatar.txt" rps) s=$(field "$OUT/same.txt" rps)
  sized+=("$(awk -v a="$a" -v b="$s" 'BEGIN { printf "%.1f", 100 * a / b }')")
  bad=$((bad + $(field "$OUT/avatar.txt" non2xx)))
  r=$(awk -v a="$a" -v b="$h" 'BEGIN { printf "%.1f", 100 * a / b }')
  ratios+=("$r")
  lines+=("$(printf '%-6s %12s %10s %13s %12s %10s %8s%% %8s%%' "$round" "$h" "$(field "$OUT/hello.txt" p99_ms)" "$s" "$a" \
    "$(field "$OUT/avatar.txt" p99_ms)" "$r" "${sized[-1]}")")
done
ratio=$(median "${ratios[@]}")
metrics=$(curl -s "$CAMP_URL/metrics")
hits=$(sed -n 's/^camp_upload_cache_hits_total //p' <<<"$metrics")
misses=$(sed -n 's/^camp_upload_cache_misses_total //p' <<<"$metrics")

# 2. 1 MB uploads, one at a time, after the warm-up.
for i in $(seq "$UPLOADS_N" $((UPLOADS_N + UPLOADS_WARMUP - 1))); do
  read -r code _ < <(upload "$OUT/big-$i.png" image/png)
  [[ "$code" == 201 ]] || die "1 MB warm-up upload answered $code: $(cat "$OUT/answer.json")"
done
psql "$("$CAMP" db url)" -Xq -c CHECKPOINT
times=()
for i in $(seq 0 $((UPLOADS_N - 1))); do
  read -r code secs < <(upload "$OUT/big-$i.png" image/png)
  [[ "$code" == 201 ]] || die "1 MB upload answered $code: $(cat "$OUT/answer.json")"
  times+=("$(awk -v s="$secs" 'BEGIN { printf "%.1f", s * 1000 }')")
done
pct() { printf '%s\n' "${times[@]}" | sort -g | awk -v p="$1" '{ v[NR] = $1 } END { i = int(NR * p / 100 + 0.999); if (i < 1) i = 1; print v[i] }'; }
p50=$(pct 50) p95=$(pct 95)

echo
echo "== bench/uploads.sh  $(date -u +%Y-%m-%dT%H:%MZ)  wrk -t$THREADS -c$CONNS -d$DURATION --latency"
machine_line
printf '%-6s %12s %10s %13s %12s %10s %9s %9s\n' round 'hello r/s' 'p99 ms' 'same-size r/s' 'avatar r/s' 'p99 ms' '/hello' '/same'
printf '%s\n' "${lines[@]}"
echo "cached avatar ($(stat -c %s "$OUT/avatar.png") bytes sent, $avatar_size served) / hello: ${ratio}%; / the same server answering $avatar_size bytes: $(median "${sized[@]}")%  (non-2xx: $bad; cache hits $hits, misses $misses)"
echo "1 MB uploads ($UPLOADS_N PNGs of $big_bytes bytes, one at a time, after $UPLOADS_WARMUP not counted): p50 ${p50} ms, p95 ${p95} ms; slowest $(printf '%s\n' "${times[@]}" | sort -gr | head -3 | paste -sd' ') ms"
verdict() { if [[ "$1" == 1 ]]; then echo PASS; else echo FAIL; fi; }
echo "target cached avatar >= 50% of hello: $(verdict "$(awk -v r="$ratio" 'BEGIN { print (r >= 50) }')")"
echo "target 1 MB upload p95 <= 50 ms:     $(verdict "$(awk -v p="$p95" 'BEGIN { print (p <= 50) }')")"
