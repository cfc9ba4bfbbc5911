#!/usr/bin/env bash
# Build and run the C-only solver tests twice: optimised (-O2), then under
# AddressSanitizer + UndefinedBehaviorSanitizer.  Run from the repository root:
#     bash csrc/tests/run_tests.sh            (CI: every 24th data-set puzzle, every 200th under the sanitizers)
#     FULL=1 bash csrc/tests/run_tests.sh     (every puzzle of every shared data set)
# Exits non-zero on any failure.  Needs only a C compiler (cc) and python3 (table check).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cc="${CC:-cc}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

golden="$root/tests/data/golden.txt"
if [[ ! -f "$golden" ]]; then
    echo "run_tests.sh: $golden is missing" >&2
    exit 1
fi
data="$root/../shared/data"
[[ -d "$data" ]] || echo "run_tests.sh: $data not found: the data-set differential test will be skipped"

# The lookup tables must be exactly what the generator produces.
if command -v python3 >/dev/null; then
    python3 "$root/csrc/tools/gen_tables.py" > "$out/tables9.h"
    if ! cmp -s "$out/tables9.h" "$root/csrc/tables9.h"; then
        echo "FAIL: csrc/tables9.h differs from csrc/tools/gen_tables.py output" >&2
        exit 1
    fi
    echo "tables: csrc/tables9.h matches its generator"
fi

srcs=("$root/csrc/solver9.c" "$here/ref_solver.c" "$here/test_golden.c")
warn=(-std=c11 -Wall -Wextra -Werror)

if [[ -n "${FULL:-}" ]]; then o2_stride=1; san_stride=20; fuzz=200000
else o2_stride=24; san_stride=200; fuzz=20000; fi

echo "== cc -O2"
"$cc" -O2 "${warn[@]}" -o "$out/test_o2" "${srcs[@]}"
"$out/test_o2" "$golden" "$data" --stride "$o2_stride" --fuzz "$fuzz"

echo "== cc -O1 -fsanitize=address,undefined"
san=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/test_san" "${srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$out/test_san" "$golden" "$data" --stride "$san_stride" --fuzz $((fuzz / 4))

echo "== canon9: cc -O2, then -O1 -fsanitize=address,undefined"
"$cc" -O2 "${warn[@]}" -o "$out/canon_o2" "$root/csrc/canon9.c" "$here/test_canon.c"
"$out/canon_o2" --rounds 3000
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/canon_san" "$root/csrc/canon9.c" "$here/test_canon.c"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/canon_san" --rounds 1000

echo "== dig9: cc -O2, then -O1 -fsanitize=address,undefined"
"$cc" -O2 "${warn[@]}" -o "$out/dig_o2" "$root/csrc/solver9.c" "$root/csrc/dig9.c" "$here/test_dig.c"
"$out/dig_o2" --rounds 1000
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/dig_san" "$root/csrc/solver9.c" "$root/csrc/dig9.c" "$here/test_dig.c"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/dig_san" --rounds 200

echo "== engine (variants): cc -O2, then -O1 -fsanitize=address,undefined"
"$cc" -O2 "${warn[@]}" -o "$out/engine_o2" "$root/csrc/engine.c" "$root/csrc/engine_model.c" "$root/csrc/engine_sums.c" "$here/test_engine.c"
"$out/engine_o2" --rounds 5000
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/engine_san" "$root/csrc/engine.c" "$root/csrc/engine_model.c" "$root/csrc/engine_sums.c" "$here/test_engine.c"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/engine_san" --rounds 1000

echo "== sechain9 (SE chains): cc -O2, then -O1 -fsanitize=address,undefined"
"$cc" -O2 "${warn[@]}" -o "$out/sechain_o2" "$root/csrc/sechain9.c" "$here/test_sechain.c"
"$out/sechain_o2" --rounds 200
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/sechain_san" "$root/csrc/sechain9.c" "$here/test_sechain.c"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/sechain_san" --rounds 60

echo "== seloops9 (SE chain hints, sorted): cc -O2, then -O1 -fsanitize=address,undefined"
"$cc" -O2 "${warn[@]}" -o "$out/seloops_o2" "$root/csrc/seloops9.c" "$root/csrc/sechain9.c" "$here/test_seloops.c"
"$out/seloops_o2" --rounds 60
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/seloops_san" "$root/csrc/seloops9.c" "$root/csrc/sechain9.c" "$here/test_seloops.c"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/seloops_san" --rounds 15

echo "== aligned9 (SE aligned exclusion): cc -O2, then -O1 -fsanitize=address,undefined"
al_srcs=("$root/csrc/aligned9.c" "$root/csrc/solver9.c" "$here/ref_solver.c" "$here/test_aligned.c")
"$cc" -O2 "${warn[@]}" -o "$out/aligned_o2" "${al_srcs[@]}"
"$out/aligned_o2" --rounds 200
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/aligned_san" "${al_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/aligned_san" --rounds 60

echo "== hofish9 (HoDoKu fish): cc -O2, then -O1 -fsanitize=address,undefined"
hf_srcs=("$root/csrc/hofish9.c" "$here/ref_solver.c" "$here/test_hofish.c")
"$cc" -O2 "${warn[@]}" -o "$out/hofish_o2" "${hf_srcs[@]}"
"$out/hofish_o2" --rounds 4
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hofish_san" "${hf_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hofish_san" --rounds 1

echo "== hoxy9 (XY-Chain / Remote Pair search): cc -O2, then -O1 -fsanitize=address,undefined"
hx_srcs=("$root/csrc/hoxy9.c" "$here/ref_solver.c" "$here/test_hoxy.c")
"$cc" -O2 "${warn[@]}" -o "$out/hoxy_o2" "${hx_srcs[@]}"
"$out/hoxy_o2" --rounds 30
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hoxy_san" "${hx_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hoxy_san" --rounds 10

echo "== hotable9 (Nice Loop / AIC tabling search): cc -O2, then -O1 -fsanitize=address,undefined"
ht_srcs=("$root/csrc/hotable9.c" "$here/ref_solver.c" "$here/test_hotable.c")
"$cc" -O2 "${warn[@]}" -o "$out/hotable_o2" "${ht_srcs[@]}"
"$out/hotable_o2" --rounds 12
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hotable_san" "${ht_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hotable_san" --rounds 4

echo "== hoforce9 (Forcing Chain / Net search): cc -O2, then -O1 -fsanitize=address,undefined"
hf_srcs=("$root/csrc/hoforce9.c" "$root/csrc/hotable9.c" "$here/ref_solver.c" "$here/test_hoforce.c")
"$cc" -O2 "${warn[@]}" -o "$out/hoforce_o2" "${hf_srcs[@]}"
"$out/hoforce_o2" --rounds 6
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hoforce_san" "${hf_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hoforce_san" --rounds 2

echo "== hosdc9 (Sue de Coq search): cc -O2, then -O1 -fsanitize=address,undefined"
hs_srcs=("$root/csrc/hosdc9.c" "$here/ref_solver.c" "$here/test_hosdc.c")
"$cc" -O2 "${warn[@]}" -o "$out/hosdc_o2" "${hs_srcs[@]}"
"$out/hosdc_o2" --rounds 40
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hosdc_san" "${hs_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hosdc_san" --rounds 10

echo "== hoals9 (ALS and restricted commons): cc -O2, then -O1 -fsanitize=address,undefined"
ha_srcs=("$root/csrc/hoals9.c" "$here/ref_solver.c" "$here/test_hoals.c")
"$cc" -O2 "${warn[@]}" -o "$out/hoals_o2" "${ha_srcs[@]}"
"$out/hoals_o2" --rounds 4
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hoals_san" "${ha_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hoals_san" --rounds 2

echo "== hoalschain9 (ALS-Chain search): cc -O2, then -O1 -fsanitize=address,undefined"
hac_srcs=("$root/csrc/hoalschain9.c" "$root/csrc/hoals9.c" "$here/ref_solver.c" "$here/test_hoalschain.c")
"$cc" -O2 "${warn[@]}" -o "$out/hoalschain_o2" "${hac_srcs[@]}"
"$out/hoalschain_o2" --rounds 6
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hoalschain_san" "${hac_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hoalschain_san" --rounds 2

echo "== hocolor9 (Simple Colors and Multi-Colors): cc -O2, then -O1 -fsanitize=address,undefined"
hc_srcs=("$root/csrc/hocolor9.c" "$here/ref_solver.c" "$here/test_hocolor.c")
"$cc" -O2 "${warn[@]}" -o "$out/hocolor_o2" "${hc_srcs[@]}"
"$out/hocolor_o2" --rounds 40
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hocolor_san" "${hc_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hocolor_san" --rounds 10
echo "== hosingle9 (single-digit patterns, X-Chain): cc -O2, then -O1 -fsanitize=address,undefined"
hd_srcs=("$root/csrc/hosingle9.c" "$here/ref_solver.c" "$here/test_hosingle.c")
"$cc" -O2 "${warn[@]}" -o "$out/hosingle_o2" "${hd_srcs[@]}"
"$out/hosingle_o2" --rounds 30
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hosingle_san" "${hd_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hosingle_san" --rounds 10

echo "== subset9 (naked and hidden subsets): cc -O2, then -O1 -fsanitize=address,undefined"
sb_srcs=("$root/csrc/subset9.c" "$here/ref_solver.c" "$here/test_subset.c")
"$cc" -O2 "${warn[@]}" -o "$out/subset_o2" "${sb_srcs[@]}"
"$out/subset_o2" --rounds 40
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/subset_san" "${sb_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/subset_san" --rounds 10

echo "== howing9 (XY-Wing, XYZ-Wing, W-Wing): cc -O2, then -O1 -fsanitize=address,undefined"
hw_srcs=("$root/csrc/howing9.c" "$here/ref_solver.c" "$here/test_howing.c")
"$cc" -O2 "${warn[@]}" -o "$out/howing_o2" "${hw_srcs[@]}"
"$out/howing_o2" --rounds 40
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/howing_san" "${hw_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/howing_san" --rounds 10

echo "== hoprobe9 (the HoDoKu path's leading searches in one call): cc -O2, then -O1 -fsanitize=address,undefined"
hp_srcs=("$root/csrc/hoprobe9.c" "$root/csrc/hofish9.c" "$root/csrc/hosingle9.c" "$root/csrc/howing9.c" "$root/csrc/hoxy9.c" "$root/csrc/horect9.c" "$here/ref_solver.c" "$here/test_hoprobe.c")
"$cc" -O2 "${warn[@]}" -o "$out/hoprobe_o2" "${hp_srcs[@]}"
"$out/hoprobe_o2" --rounds 40
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/hoprobe_san" "${hp_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/hoprobe_san" --rounds 10

echo "== horect9 (HoDoKu's Unique, Hidden and Avoidable Rectangles): cc -O2, then -O1 -fsanitize=address,undefined"
hr_srcs=("$root/csrc/horect9.c" "$here/ref_solver.c" "$here/test_horect.c")
"$cc" -O2 "${warn[@]}" -o "$out/horect_o2" "${hr_srcs[@]}"
"$out/horect_o2" --rounds 40
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/horect_san" "${hr_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/horect_san" --rounds 10

echo "== seunique9 (SE unique rectangles and loops): cc -O2, then -O1 -fsanitize=address,undefined"
su_srcs=("$root/csrc/seunique9.c" "$here/ref_solver.c" "$here/test_seunique.c")
"$cc" -O2 "${warn[@]}" -o "$out/seunique_o2" "${su_srcs[@]}"
"$out/seunique_o2" --rounds 40
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/seunique_san" "${su_srcs[@]}"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/seunique_san" --rounds 10

echo "== sedyn9 (SE multiple/dynamic chains): cc -O2, then -O1 -fsanitize=address,undefined"
"$cc" -O2 "${warn[@]}" -o "$out/sedyn_o2" "$root/csrc/sedyn9.c" "$root/csrc/serules9.c" "$root/csrc/senest9.c" "$root/csrc/sechain9.c" "$here/ref_solver.c" "$here/test_sedyn.c"
"$out/sedyn_o2" --rounds 60
"$cc" -O1 -g "${warn[@]}" "${san[@]}" -o "$out/sedyn_san" "$root/csrc/sedyn9.c" "$root/csrc/serules9.c" "$root/csrc/senest9.c" "$root/csrc/sechain9.c" "$here/ref_solver.c" "$here/test_sedyn.c"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$out/sedyn_san" --rounds 20

echo "run_tests.sh: all C tests passed"
