#!/usr/bin/env bash
# The C++ part of a newcomer's first scripts/demo, cold: what `scripts/build --demo` compiles
# (camp, campd: Release -O2 without -g, no tests) with an empty ccache in build-times/ (removed
# after), each translation unit timed (wall, user + system CPU). Prints the total and the dearest
# units (bench/RESULTS.md, "First run"). Never touches build/, build-demo/ or the shared ccache.
#   bench/build-times.sh [TOP]   TOP: how many units to list (default 20)
#   BUILD_TIMES_CCACHE_DIR=DIR   fill this (empty) ccache instead of a throw-away one: a later
#                                `CCACHE_DIR=DIR scripts/build --demo` then hits it (same depth)
set -euo pipefail
cd "$(dirname "$0")/.."
top=${1:-20}
work=$(mktemp -d)
build=build-times  # beside build-demo/: ccache sees the same relative paths
trap 'rm -rf "$work" "$build"' EXIT
# The compiler launcher: ccache (empty), timed with bash's `time`; the source is the last argument.
cat >"$work/timed" <<'LAUNCHER'
#!/usr/bin/env bash
exec 3>&2
TIMEFORMAT="%R %U %S ${!#}"
{ time ccache "$@" 2>&3; } 2>>"$BUILD_TIMES_LOG"
LAUNCHER
chmod +x "$work/timed"
export CCACHE_DIR=${BUILD_TIMES_CCACHE_DIR:-$work/ccache} BUILD_TIMES_LOG=$work/times
export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1  # as scripts/build
command -v ninja >/dev/null && export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}  # as scripts/build
rm -rf "$build"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" -DCAMP_TESTS=OFF \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$work/timed" >/dev/null
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$SECONDS
cmake --build "$build" -j "$(nproc)" --target camp_cli campd >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
wall=$((SECONDS - start))
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v wall="$wall" -v jobs="$(nproc)" '{ cpu += $2 + $3; n++ } END { printf "%d units, %d s wall (-j%d), %.0f s CPU in the compiler\n", n, wall, jobs, cpu }' "$work/times"
if grep -q 'warning:' "$work/build.log"; then echo "compiler warnings:"; grep 'warning:' "$work/build.log"; fi
echo "the $top dearest units (CPU s = user + system; wall s; unit):"
awk '{ printf "%7.1f %7.1f  %s\n", $2 + $3, $1, $4 }' "$work/times" | sort -rn | head -n "$top" | sed "s|$PWD/||"
