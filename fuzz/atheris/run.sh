#!/usr/bin/env bash
# Run every atheris harness fuzz/atheris/fuzz_<name>.py for SECONDS each (default 5),
# starting from its seed corpus fuzz/atheris/corpus/<name>/ (copied: the run never
# writes into the repository).  Needs atheris (pip install 'sudokit[fuzz]').
#
#     bash fuzz/atheris/run.sh [SECONDS] [extra libFuzzer flags...]
#     KEEP=dir bash fuzz/atheris/run.sh 3600      (long run: keep the grown corpora)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
seconds="${1:-5}"
shift || true
python="${PYTHON:-python}"
work="${KEEP:-$(mktemp -d)}"
mkdir -p "$work"
status=0
for harness in "$here"/fuzz_*.py; do
    name="$(basename "$harness" .py)"
    unit="${name#fuzz_}"
    corpus="$work/corpus/$unit"
    mkdir -p "$corpus"
    if [[ -d "$here/corpus/$unit" ]]; then cp -n "$here/corpus/$unit"/* "$corpus"/ 2>/dev/null || true; fi
    log="$work/$name.log"
    if "$python" "$harness" -max_total_time="$seconds" -print_final_stats=1 -max_len=4096 -timeout=30 \
        -rss_limit_mb=2048 -artifact_prefix="$work/$name-" "$@" "$corpus" >"$log" 2>&1; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
        echo "$name: ok, $execs executions in ${seconds} s, $cov, corpus $(ls "$corpus" | wc -l) inputs"
    else
        status=1
        echo "$name: FAILED (log $log)"
        grep -E -A12 'Uncaught Python exception|ERROR|Test unit written' "$log" | head -30
    fi
done
[[ -n "${KEEP:-}" ]] || [[ $status -ne 0 ]] || rm -rf "$work"
exit $status
