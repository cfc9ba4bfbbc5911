#!/usr/bin/env bash
# Build and run every libFuzzer harness for SECONDS each (default 5), starting from its
# seed corpus fuzz/c/corpus/<unit>/ (copied: the run never writes into the repository).
#
#     bash fuzz/c/run.sh [SECONDS] [extra libFuzzer flags...]
#     KEEP=dir bash fuzz/c/run.sh 3600       (long run: keep the grown corpora in dir)
#
# Prints one summary line per harness (executions, coverage) and exits non-zero on a
# crash, a leak, a sanitizer report or a failed check; the crashing input is left in the
# work directory and its path printed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
seconds="${1:-5}"
shift || true
work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work"
bash "$here/build.sh" "$work/bin" >/dev/null
status=0
for bin in "$work"/bin/fuzz_*; do
    name="$(basename "$bin")"
    unit="${name#fuzz_}"
    corpus="$work/corpus/$unit"
    mkdir -p "$corpus"
    if [[ -d "$here/corpus/$unit" ]]; then cp -n "$here/corpus/$unit"/* "$corpus"/ 2>/dev/null || true; fi
    log="$work/$name.log"
    if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$bin" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$work/$name-" \
        -max_len=512 -timeout=10 -rss_limit_mb=1024 "$@" "$corpus" >"$log" 2>&1; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
        ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1)
        echo "$name: ok, $execs executions in ${seconds} s, $cov, $ft, corpus $(ls "$corpus" | wc -l) inputs"
    else
        status=1
        echo "$name: FAILED (log $log)"
        grep -E 'ERROR|FUZZ CHECK|SUMMARY|Test unit written' "$log" | head -10
    fi
done
[[ -n "${KEEP:-}" ]] || [[ $status -ne 0 ]] || rm -rf "$work"
exit $status
