#!/usr/bin/env bash
# valgrind memcheck over the C test drivers (plain -O1 -g builds, no sanitizers): no
# invalid reads or writes, no use of uninitialised values, no leaks.  Small workloads
# (valgrind is ~30x slower); any error fails the script (--error-exitcode).
#     bash csrc/tests/valgrind.sh          (CI)
# A new C unit: add its driver to the list at the bottom.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cc="${CC:-cc}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
if ! command -v valgrind >/dev/null; then
    echo "valgrind.sh: valgrind is not installed (apt-get install valgrind)" >&2
    exit 1
fi
vg=(valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect
    --track-origins=yes --quiet)
build() { local name="$1"; shift; "$cc" -O1 -g -std=c11 -Wall -Wextra -Werror -o "$out/$name" "$@"; }

# A small data directory: not the shared data sets (that is run_tests.sh's job).
empty="$out/no-data"; mkdir -p "$empty"
build golden "$root/csrc/solver9.c" "$here/ref_solver.c" "$here/test_golden.c"
"${vg[@]}" "$out/golden" "$root/tests/data/golden.txt" "$empty" --stride 40 --fuzz 200
build canon "$root/csrc/canon9.c" "$here/test_canon.c"
"${vg[@]}" "$out/canon" --rounds 30
build dig "$root/csrc/solver9.c" "$root/csrc/dig9.c" "$here/test_dig.c"
"${vg[@]}" "$out/dig" --rounds 10
if [[ -f "$root/csrc/engine.c" && -f "$here/test_engine.c" ]]; then
    build engine "$root/csrc/engine.c" "$root/csrc/engine_model.c" "$root/csrc/engine_sums.c" "$here/test_engine.c"
    "${vg[@]}" "$out/engine" --rounds 50
fi
build sechain "$root/csrc/sechain9.c" "$here/test_sechain.c"
"${vg[@]}" "$out/sechain" --rounds 3
build seloops "$root/csrc/seloops9.c" "$root/csrc/sechain9.c" "$here/test_seloops.c"
"${vg[@]}" "$out/seloops" --rounds 1
build aligned "$root/csrc/aligned9.c" "$root/csrc/solver9.c" "$here/ref_solver.c" "$here/test_aligned.c"
"${vg[@]}" "$out/aligned" --rounds 3
build hofish "$root/csrc/hofish9.c" "$here/ref_solver.c" "$here/test_hofish.c"
"${vg[@]}" "$out/hofish" --rounds 2 --light
build hoxy "$root/csrc/hoxy9.c" "$here/ref_solver.c" "$here/test_hoxy.c"
"${vg[@]}" "$out/hoxy" --rounds 3
build hotable "$root/csrc/hotable9.c" "$here/ref_solver.c" "$here/test_hotable.c"
"${vg[@]}" "$out/hotable" --rounds 2
build hoforce "$root/csrc/hoforce9.c" "$root/csrc/hotable9.c" "$here/ref_solver.c" "$here/test_hoforce.c"
"${vg[@]}" "$out/hoforce" --rounds 1
build hosdc "$root/csrc/hosdc9.c" "$here/ref_solver.c" "$here/test_hosdc.c"
"${vg[@]}" "$out/hosdc" --rounds 4
build hoals "$root/csrc/hoals9.c" "$here/ref_solver.c" "$here/test_hoals.c"
"${vg[@]}" "$out/hoals" --rounds 1
build hoalschain "$root/csrc/hoalschain9.c" "$root/csrc/hoals9.c" "$here/ref_solver.c" "$here/test_hoalschain.c"
"${vg[@]}" "$out/hoalschain" --rounds 1
build hocolor "$root/csrc/hocolor9.c" "$here/ref_solver.c" "$here/test_hocolor.c"
"${vg[@]}" "$out/hocolor" --rounds 4
build hosingle "$root/csrc/hosingle9.c" "$here/ref_solver.c" "$here/test_hosingle.c"
"${vg[@]}" "$out/hosingle" --rounds 3
build subset "$root/csrc/subset9.c" "$here/ref_solver.c" "$here/test_subset.c"
"${vg[@]}" "$out/subset" --rounds 4
build howing "$root/csrc/howing9.c" "$here/ref_solver.c" "$here/test_howing.c"
"${vg[@]}" "$out/howing" --rounds 4
build hoprobe "$root/csrc/hoprobe9.c" "$root/csrc/hofish9.c" "$root/csrc/hosingle9.c" "$root/csrc/howing9.c" "$root/csrc/hoxy9.c" "$root/csrc/horect9.c" "$here/ref_solver.c" "$here/test_hoprobe.c"
"${vg[@]}" "$out/hoprobe" --rounds 4
build horect "$root/csrc/horect9.c" "$here/ref_solver.c" "$here/test_horect.c"
"${vg[@]}" "$out/horect" --rounds 4
build seunique "$root/csrc/seunique9.c" "$here/ref_solver.c" "$here/test_seunique.c"
"${vg[@]}" "$out/seunique" --rounds 2
build sedyn "$root/csrc/sedyn9.c" "$root/csrc/serules9.c" "$root/csrc/senest9.c" "$root/csrc/sechain9.c" "$here/ref_solver.c" "$here/test_sedyn.c"
"${vg[@]}" "$out/sedyn" --rounds 2 --puzzles 1
echo "valgrind.sh: memcheck clean on every C test driver"
