#!/usr/bin/env bash
# Brief fuzzing: builds the libFuzzer targets of tests/fuzz (the parsers and variants files, the server's HTTP
# request handling and the CLI's JSON output) in the checked build (build-checked/, scripts/build_checked.sh) and
# runs each for SECONDS seconds (default 20) over a scratch copy of its seed corpus (tests/fuzz/corpus/<target>; the
# repository is not written).
# Exits 1 if any target finds a crash, a timeout or a broken invariant: the log's tail is printed and the offending
# inputs are kept in build-checked/fuzz-crashes/<target>/ (rerun one: build-checked/tests/fuzz/<target> FILE).
# Environment: HC_FUZZ_TIMEOUT (seconds per input, default 10), HC_CHECKED_DIR (default build-checked).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-20}
[[ "$secs" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2; }
# Fuzzing needs only clang, cmake, ninja and the libraries: if setup.sh cannot install something else (e.g. Debian's
# npm next to a nodesource nodejs), go on and let the configure step say what is missing.
scripts/setup.sh || echo "fuzz: scripts/setup.sh failed; continuing with what is installed" >&2

dir=${HC_CHECKED_DIR:-build-checked}
targets=(fuzz_fen fuzz_move fuzz_pgn fuzz_variants fuzz_http fuzz_cli_json fuzz_popeye)
# The checked build (scripts/build_checked.sh: clang, ASan + UBSan, coverage, assertions on), shared with
# HC_CHECKED=1 scripts/test.sh: after that run the targets are already built.
mkdir -p "$dir"
if ! HC_CHECKED_DIR="$dir" scripts/build_checked.sh "${targets[@]}" 2>"$dir/fuzz-build.log"; then
  tail -n 40 "$dir/fuzz-build.log" >&2
  exit 1
fi

run=$(mktemp -d "${TMPDIR:-/tmp}/hc-fuzz.XXXXXX")
trap 'rm -rf "$run"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
failed=0
for t in "${targets[@]}"; do
  mkdir -p "$run/$t/artifacts"
  cp -r "tests/fuzz/corpus/$t" "$run/$t/corpus"
  dict=()
  [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
  log="$run/$t/log"
  if "$dir/tests/fuzz/$t" "$run/$t/corpus" "${dict[@]}" -max_total_time="$secs" \
        -timeout="${HC_FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=2048 -print_final_stats=1 \
        -artifact_prefix="$run/$t/artifacts/" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    echo "fuzz: $t ok (${runs:-?} inputs, $cov, corpus $(ls "$run/$t/corpus" | wc -l) files)"
  else
    failed=1
    keep="$dir/fuzz-crashes/$t"
    mkdir -p "$keep"
    cp "$run/$t/artifacts/"* "$keep/" 2>/dev/null || true
    echo "fuzz: $t FAILED — log tail:" >&2
    grep -v -e '^#[0-9]' -e '^INFO:' -e '^Dictionary:' -e '^NOTE:' -e 'Combine libFuzzer' -e '^0x' -e '^stat::' \
         -e '^MS:' -e ' in fuzzer::' -e ' in __libc_start' -e ' in _start ' -e 'libc.so' -e ' in raise ' \
         -e ' in abort ' -e ' in __pthread_kill' -e '__sanitizer_print_stack_trace' "$log" | tail -n 30 >&2
    echo "fuzz: $t: inputs kept in $keep/ (rerun: $dir/tests/fuzz/$t FILE)" >&2
  fi
done
exit $failed
