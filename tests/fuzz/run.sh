#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, -fsanitize=fuzzer,address,undefined) from ONLY the sources
# each one needs, with ccache, and runs each for a short while over its committed seed corpus.
#
#   tests/fuzz/run.sh              build, then run every target FUZZ_SECONDS (default 10) each
#   tests/fuzz/run.sh 3600 cable_command   the long run of one target (docs/reliability.md)
#
# Needs build/lib/generated (the message catalogue header) from scripts/build. New inputs found
# by a run go to build/fuzz/corpus/<target>, never into the committed seeds; a crash leaves
# build/fuzz/crash-<target>-* and fails the run: add it to tests/fuzz/corpus/<target>/ and
# write a regression test in tests/unit (docs/reliability.md "Fuzzing").
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=${1:-${FUZZ_SECONDS:-10}}
only=${2:-}
out=$root/build/fuzz
mkdir -p "$out/obj"
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache} CCACHE_BASEDIR=$root CCACHE_NOHASHDIR=1
cxx=(clang++-14)
command -v ccache >/dev/null && cxx=(ccache clang++-14)
[[ -f build/lib/generated/core/messages_ja.hpp ]] || { echo "run scripts/build first (build/lib/generated)"; exit 1; }
flags=(-std=c++20 -O1 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
       -I lib -I daemon -I build/lib/generated -isystem /usr/include/postgresql
       -DASIO_STANDALONE -DASIO_DISABLE_STD_STRING_VIEW -DFMT_SHARED -DSPDLOG_COMPILED_LIB -DSPDLOG_FMT_EXTERNAL
       -DSPDLOG_SHARED_LIB -DCAMP_VERSION=\"fuzz\"
       -DUSE_OS_TZDB=1 -DONLY_C_LOCALE=1 -DHAS_STRING_VIEW=1)  # the date library's (its CMake target's)

# target: the sources it needs (besides its own tests/fuzz/<target>_fuzz.cpp) and libraries.
declare -A sources=(
  [json_body]="lib/core/error.cpp"
  [multipart]="lib/core/error.cpp daemon/http/multipart.cpp"
  [cable_command]="daemon/cable/protocol.cpp"
  [cable_session]="daemon/cable/session.cpp daemon/cable/protocol.cpp"
  [static_path]="lib/core/error.cpp lib/core/text.cpp daemon/static_files.cpp daemon/http/exchange.cpp"
  [csv_import]="lib/core/error.cpp lib/core/text.cpp lib/core/csv.cpp lib/students/csv.cpp"
  [questionnaire]="lib/core/error.cpp lib/core/text.cpp lib/core/utf8.cpp lib/core/school_time.cpp lib/questionnaires/definition.cpp lib/questionnaires/validator.cpp build/lib/questionnaire_files.cpp"
)
declare -A libs=(
  [json_body]="" [multipart]="-lfmt" [cable_command]="" [cable_session]="-lspdlog -lfmt"
  [static_path]="-lspdlog -lfmt" [csv_import]="" [questionnaire]="-ldate-tz"
)

compile() {  # source -> object (one object per source, shared by the targets)
  local src=$1 obj=$out/obj/${1//\//_}.o
  eval "$cxx_line $flags_line -c $src -o $obj"  # always: ccache answers unchanged ones
}

targets=(json_body multipart cable_command cable_session static_path csv_import questionnaire)
[[ -n $only ]] && targets=("$only")
# Every source once, two compilers at a time (2 cores), then one link per target.
all=()
for t in "${targets[@]}"; do all+=("tests/fuzz/${t}_fuzz.cpp" ${sources[$t]}); done
export -f compile
export out
export cxx_line="${cxx[*]}" flags_line
flags_line=$(printf '%q ' "${flags[@]}")
printf '%s\n' "${all[@]}" | sort -u | xargs -P "${FUZZ_JOBS:-2}" -I{} bash -c 'compile "$1" >/dev/null' _ {}
for t in "${targets[@]}"; do
  objs=()
  for s in tests/fuzz/${t}_fuzz.cpp ${sources[$t]}; do objs+=("$out/obj/${s//\//_}.o"); done
  clang++-14 -fsanitize=fuzzer,address,undefined "${objs[@]}" ${libs[$t]} -o "$out/$t"
done

# The targets run two at a time (one core each), each for `seconds`.
fuzz_one() {
  local t=$1
  mkdir -p "$out/corpus/$t"
  # Found inputs go to the first (scratch) directory; the committed seeds are only read.
  if ! (cd "$out" && ./"$t" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=1024 \
        -artifact_prefix="$out/crash-$t-" -print_final_stats=1 "corpus/$t" "$root/tests/fuzz/corpus/$t" \
        >"$out/$t.log" 2>&1); then
    echo "== fuzz $t (${seconds}s): FAILED"
    tail -40 "$out/$t.log"
    return 1
  fi
  echo "== fuzz $t (${seconds}s): $(grep -E '^stat::number_of_executed_units' "$out/$t.log" | tail -1)"
}
export -f fuzz_one
export seconds root
printf '%s\n' "${targets[@]}" | xargs -P "${FUZZ_JOBS:-2}" -I{} bash -c 'fuzz_one "$1"' _ {}
