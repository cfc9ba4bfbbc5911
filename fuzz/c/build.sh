#!/usr/bin/env bash
# Build every libFuzzer harness fuzz/c/fuzz_<unit>.c with clang, ASan and UBSan.
#
#     bash fuzz/c/build.sh [OUTDIR]        (default: fuzz/c/build, git-ignored)
#
# Each harness names the C sources it links in one header line:  " * sources: a.c b.c"
# (paths relative to csrc/).  Adding a harness for a new C unit is adding that one file;
# this script and fuzz/c/run.sh pick it up.  Needs clang and its runtime (Debian 12:
# apt-get install clang libclang-rt-14-dev).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$here/build}"
cc="${FUZZ_CC:-clang}"
mkdir -p "$out"
flags=(-g -O1 -std=c11 -Wall -Wextra -Werror -fno-omit-frame-pointer
       -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
for harness in "$here"/fuzz_*.c; do
    name="$(basename "$harness" .c)"
    sources=$(sed -n 's/^ \* sources: //p' "$harness" | head -1)
    if [[ -z "$sources" ]]; then
        echo "build.sh: $harness has no ' * sources:' line" >&2
        exit 1
    fi
    srcs=()
    for s in $sources; do srcs+=("$root/csrc/$s"); done
    "$cc" "${flags[@]}" -o "$out/$name" "$harness" "${srcs[@]}"
    echo "built $out/$name"
done
