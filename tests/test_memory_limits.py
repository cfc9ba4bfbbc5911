"""Every reader on a 1 GB hostile input, under a memory cap: a typed error, in bounded
memory and time (issue 11: a 1 GB line of dots peaked at ~9.5 GB and took minutes).

The inputs are never stored: a thread streams 1 GiB through a pipe (the reader has to
reject it early, or it would read it all), and path-only cases use a sparse file (no disk
blocks). One subprocess runs every case under ``RLIMIT_AS`` and reports, per case, the
error and the peak resident memory of the case (``VmHWM``, reset between cases); a reader
that buffered the input would either die at the cap or show a peak near 1 GB.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.single_backend

GIB = 1 << 30
CAP = 2 * GIB  # address space: room for the interpreter, NumPy and pyarrow, not for 1 GiB of input twice
PEAK_LIMIT_MB = 400  # resident memory: a few MiB of input at most, plus the libraries

# (case id, format, prefix, repeated pattern, how): "pipe" streams prefix + pattern*1GiB.
PIPE_CASES = [
    ("txt-long-line", "txt", b"", b"."),
    ("txt-many-short-lines", "txt", b"", b"1\n"),
    ("csv-long-line", "csv", b"puzzle\n", b"."),
    ("jsonl-long-string", "jsonl", b'{"puzzle": "', b"x"),
    ("json-deep-nesting", "json", b"", b"["),
    ("json-array-long-item", "json", b"[\n", b" "),
    ("sdm-long-line", "sdm", b"", b"0"),
    ("hodoku-long-line", "hodoku", b":0000:x:", b"."),
    ("line-long-line", "line", b"", b"."),
    ("pretty-many-rows", "pretty", b"", b"5 3 . | . 7 . | . . .\n"),
    ("sdk-long-line", "sdk", b"[Puzzle]\n", b"."),
    ("ss-many-rows", "ss", b"", b"53.|.7.|...\n"),
    ("sukaku-long-line", "sukaku", b"", b"123456789"),
    ("pm-many-rows", "pm", b"", b"| 1 2 3 | 4 5 6 | 7 8 9 |\n"),
    ("leetcode-deep", "leetcode", b"", b"["),
    ("ipuz-long-string", "ipuz", b'{"kind": ["http://ipuz.org/sudoku#1"], "title": "', b"a"),
    ("npy-bad-values", "npy", b"\x93NUMPY\x01\x00\x76\x00" + b"{'descr': '|u1', 'fortran_order': False, 'shape': (13256071, 81), }".ljust(117) + b"\n", b"\x0a"),
    ("cli-solve-stdin", "cli", b"", b"."),
]
SPARSE_CASES = ["parquet", "npy", "json", "txt", "pretty", "ipuz"]  # read(path) / read_collection(path) of 1 GiB of NULs

SCRIPT = r"""
import io, json, os, resource, sys, threading, time
cap, gib = int(sys.argv[1]), int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
from sudokit.errors import SudokuError
from sudokit.formats import read, read_collection
from sudokit.cli import main

def peak_mb():
    # VmHWM: this process's peak resident set (ru_maxrss would include the parent's size
    # at fork time, which survives exec); reset per case through clear_refs when allowed.
    with open("/proc/self/status") as status:
        kib = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass
    return kib // 1024

def feed(fd, prefix, pattern):
    chunk = pattern * max(1, (1 << 20) // len(pattern))
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(prefix)
            sent = 0
            while sent < gib:
                out.write(chunk)
                sent += len(chunk)
    except (BrokenPipeError, OSError):
        pass

def outcome(action):
    start = time.monotonic()
    try:
        result = action()
        return {"error": None, "result": repr(result)[:100]}
    except SudokuError as exc:
        return {"error": type(exc).__name__, "message": str(exc)[:200], "seconds": time.monotonic() - start}
    except BaseException as exc:
        return {"error": "UNTYPED " + type(exc).__name__, "message": str(exc)[:200]}

cases = json.loads(sys.stdin.read())
for case in cases["pipe"]:
    name, fmt, prefix, pattern = case[0], case[1], bytes.fromhex(case[2]), bytes.fromhex(case[3])
    r, w = os.pipe()
    thread = threading.Thread(target=feed, args=(w, prefix, pattern), daemon=True)
    thread.start()
    with os.fdopen(r, "rb") as stream:
        if fmt == "cli":
            text = io.TextIOWrapper(stream, encoding="utf-8")
            err = io.StringIO()
            code = main(["solve", "-"], text, io.StringIO(), err)
            result = {"error": "exit %d" % code, "message": err.getvalue()[:200]}
        else:
            result = outcome(lambda: sum(1 for _ in read_collection(stream, format=fmt, name=name)))
    thread.join(30)
    result["peak_mb"] = peak_mb()
    print(json.dumps([name, result]), flush=True)
path = cases["sparse_path"]
for fmt in cases["sparse"]:
    result = outcome(lambda: read(path, format=fmt))
    again = outcome(lambda: sum(1 for _ in read_collection(path, format=fmt)))
    result["collection_error"] = again["error"]
    result["peak_mb"] = peak_mb()
    print(json.dumps(["sparse-" + fmt, result]), flush=True)
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    pytest.importorskip("resource")
    if not os.path.exists("/proc/self/status"):
        pytest.skip("needs Linux /proc to read the peak resident memory")
    sparse = tmp_path_factory.mktemp("sparse") / "hostile.bin"
    with open(sparse, "wb") as out:
        out.truncate(GIB)  # 1 GiB of zeros, no disk blocks
    cases = {
        "pipe": [(name, fmt, prefix.hex(), pattern.hex()) for name, fmt, prefix, pattern in PIPE_CASES],
        "sparse": SPARSE_CASES,
        "sparse_path": str(sparse),
    }
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(CAP), str(GIB)], input=json.dumps(cases), capture_output=True,
        text=True, timeout=600,
    )
    os.unlink(sparse)
    assert done.returncode == 0, done.stderr[-3000:]
    return {name: outcome for name, outcome in (json.loads(line) for line in done.stdout.splitlines())}


@pytest.mark.parametrize("case", [c[0] for c in PIPE_CASES])
def test_a_1_gib_hostile_stream_is_rejected_in_bounded_memory(results: dict[str, dict[str, object]], case: str) -> None:
    outcome = results[case]
    if case.startswith("cli"):
        assert outcome["error"] == "exit 3" and "longer than the limit" in str(outcome["message"]), outcome
    else:
        assert outcome["error"] in ("InvalidFormatError",), outcome
    assert int(str(outcome["peak_mb"])) < PEAK_LIMIT_MB, outcome


@pytest.mark.parametrize("fmt", SPARSE_CASES)
def test_a_1_gib_sparse_file_is_rejected_in_bounded_memory(results: dict[str, dict[str, object]], fmt: str) -> None:
    outcome = results["sparse-" + fmt]
    assert outcome["error"] == "InvalidFormatError" and outcome["collection_error"] == "InvalidFormatError", outcome
    assert int(str(outcome["peak_mb"])) < PEAK_LIMIT_MB, outcome
