"""Kill-safe outputs and process hygiene (issue 11): a kill at any instant leaves the
previous file or complete records, never a truncated, empty or temporary file; worker
processes die with their parent; SIGTERM stops a command like Ctrl-C; no traceback on
any signal or closed pipe.

The subprocess tests start the real ``sudokit`` command and signal it while it works.
"""

from __future__ import annotations

import io
import os
import re
import select
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudokit._atomic import AtomicFile, atomic_write
from sudokit.errors import InvalidFormatError
from sudokit.formats import open_writer, read_collection, write_collection

pytestmark = pytest.mark.single_backend

EXAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _leftovers(directory: Path, keep: set[str]) -> list[str]:
    return sorted(name for name in os.listdir(directory) if name not in keep)


# ------------------------------------------------------------------ the atomic writer
def test_a_failed_write_keeps_the_previous_file_and_leaves_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("previous\n")
    with pytest.raises(RuntimeError):
        with atomic_write(target, text=True) as out:
            out.write("half")
            raise RuntimeError("boom")
    assert target.read_text() == "previous\n"
    assert _leftovers(tmp_path, {"out.txt"}) == []


def test_a_symlink_target_is_replaced_and_the_link_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with atomic_write(link, text=True) as out:
        out.write("new\n")
    assert link.is_symlink() and real.read_text() == "new\n"


def test_an_existing_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    target.write_text("x\n")
    target.chmod(0o640)
    write_collection([EXAMPLE], target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_new_file_gets_the_umask_permissions(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        with atomic_write(tmp_path / "new.bin") as out:
            out.write(b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.bin").stat().st_mode) == 0o640


def test_a_device_target_is_written_directly(tmp_path: Path) -> None:
    out = AtomicFile(os.devnull)
    out.stream.write(b"ignored")
    out.commit()
    assert os.path.exists(os.devnull) and stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_a_bad_record_midway_keeps_the_previous_collection(tmp_path: Path) -> None:
    target = tmp_path / "out.jsonl"
    write_collection([EXAMPLE], target)
    before = target.read_bytes()
    with pytest.raises(InvalidFormatError):
        write_collection([EXAMPLE, "not a puzzle"], target)
    assert target.read_bytes() == before
    assert _leftovers(tmp_path, {"out.jsonl"}) == []


@pytest.mark.parametrize("ext", ["txt", "csv", "jsonl", "parquet", "npy", "json"])
def test_ctrl_c_while_writing_keeps_complete_records_in_a_readable_file(tmp_path: Path, ext: str) -> None:
    if ext == "parquet":
        pytest.importorskip("pyarrow")
    target = tmp_path / f"out.{ext}"
    with pytest.raises(KeyboardInterrupt):
        with open_writer(target) as writer:
            for _ in range(3):
                writer.write(EXAMPLE)
            raise KeyboardInterrupt
    assert [str(r.puzzle) for r in read_collection(target)] == [EXAMPLE] * 3
    assert _leftovers(tmp_path, {f"out.{ext}"}) == []


# ------------------------------------------------------------------- real processes
def _start(argv: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    # restore_signals and a new session: SIGINT is not ignored as in a background job.
    return subprocess.Popen(
        [sys.executable, "-m", "sudokit", *argv], cwd=cwd, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, start_new_session=True,
    )


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def _wait_for_children(proc: subprocess.Popen[bytes], count: int, seconds: float = 30.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        kids = _children(proc.pid)
        if len(kids) >= count:
            return kids
        time.sleep(0.1)
    proc.kill()
    pytest.fail(f"no {count} worker processes appeared")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _gone(pids: list[int], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.1)
    for pid in pids:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
    return False


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux /proc to find the workers")


@needs_proc
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
@pytest.mark.parametrize("argv", [["rate", "--jobs", "2"], ["generate", "-n", "100000", "--jobs", "2", "--seed", "1"]], ids=["rate", "generate"])
def test_workers_die_with_their_parent(tmp_path: Path, sig: signal.Signals, argv: list[str]) -> None:
    inputs = [str(_puzzles(tmp_path))] if argv[0] == "rate" else []
    proc = _start([*argv, *inputs], tmp_path)
    kids = _wait_for_children(proc, 2)
    time.sleep(0.5)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert _gone(kids), "worker processes outlived their parent"
    text = err.decode()
    assert "Traceback" not in text and "BrokenPipeError" not in text and "Exception ignored" not in text, text
    if sig == signal.SIGTERM:
        assert proc.returncode == 128 + signal.SIGTERM and "stopped by signal 15" in text


def test_rate_stop_waits_for_the_pools_manager_thread() -> None:
    # The race behind a rare "Exception ignored ... Bad file descriptor" after SIGTERM: the
    # manager thread must be gone before the interpreter's exit hook wakes it.
    from concurrent.futures import ProcessPoolExecutor

    from sudokit._signals import worker_init
    from sudokit.cli.cmd_human import _stop

    pool = ProcessPoolExecutor(max_workers=2, initializer=worker_init, initargs=(os.getpid(),))
    futures = [pool.submit(time.sleep, 30) for _ in range(4)]
    while not any(f.running() for f in futures):
        time.sleep(0.01)
    manager = pool._executor_manager_thread  # type: ignore[attr-defined]
    assert manager is not None and manager.is_alive()
    _stop(pool)
    assert not manager.is_alive()


def _puzzles(directory: Path) -> Path:
    path = directory / "many.txt"
    path.write_text((EXAMPLE + "\n") * 20000)
    return path


@needs_proc
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_canon_jobs_stops_quietly_on_a_signal(tmp_path: Path, sig: signal.Signals) -> None:
    proc = _start(["canon", "--jobs", "2", str(_puzzles(tmp_path))], tmp_path)
    kids = _wait_for_children(proc, 2)
    time.sleep(0.5)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=30)
    assert _gone(kids)
    assert proc.returncode == (130 if sig == signal.SIGINT else 143)
    assert "Traceback" not in err.decode() and "BrokenPipe" not in err.decode(), err.decode()
    assert all(len(line) == 81 for line in out.decode().splitlines())  # only whole lines


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
@pytest.mark.parametrize("ext", ["txt", "parquet"])
def test_a_killed_generate_keeps_the_previous_file_or_complete_records(tmp_path: Path, sig: signal.Signals, ext: str) -> None:
    if ext == "parquet":
        pytest.importorskip("pyarrow")
    target = tmp_path / f"out.{ext}"
    write_collection([EXAMPLE], target)
    proc = _start(["generate", "-n", "100000", "--seed", "3", "-o", target.name, "--progress"], tmp_path)
    # Signal once the bar shows puzzles made: a fixed sleep could land in start-up on a
    # loaded machine (pyarrow's import alone took 6 s of wall time at load 15), before the
    # run has anything of its own to keep.
    shown = _read_until(proc, re.compile(rb"\b[1-9]\d*/100000"))
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    err = shown + err
    assert "Traceback" not in err.decode(), err.decode()
    records = [str(r.puzzle) for r in read_collection(target)]
    if sig == signal.SIGKILL:
        assert records == [EXAMPLE]  # the previous file, untouched
    else:  # the new run's complete records
        assert proc.returncode == 143 and records and EXAMPLE not in records
    assert _leftovers(tmp_path, {target.name}) == []


def _read_until(proc: subprocess.Popen[bytes], pattern: re.Pattern[bytes], seconds: float = 60.0) -> bytes:
    """What ``proc`` wrote to stderr up to the first match of ``pattern`` (the test fails
    after ``seconds`` without one)."""
    assert proc.stderr is not None
    fd, seen = proc.stderr.fileno(), b""
    deadline = time.monotonic() + seconds
    while not pattern.search(seen):
        left = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(left, 0))
        chunk = os.read(fd, 4096) if ready else b""
        if not chunk:
            proc.kill()
            pytest.fail(f"no match of {pattern.pattern!r} on stderr: {seen[-300:]!r}")
        seen += chunk
    return seen


def test_convert_killed_leaves_no_temp_file_and_the_previous_output(tmp_path: Path) -> None:
    source = _puzzles(tmp_path)
    target = tmp_path / "out.csv"
    target.write_text("puzzle\n" + EXAMPLE + "\n")
    big = tmp_path / "big.txt"
    with open(big, "w") as out:
        for _ in range(40):
            out.write(source.read_text())
    proc = _start(["convert", str(big), "-o", str(target)], tmp_path)
    time.sleep(1.5)
    proc.kill()
    proc.communicate(timeout=30)
    assert [str(r.puzzle) for r in read_collection(target)] in ([EXAMPLE], [EXAMPLE] * 800000)
    assert _leftovers(tmp_path, {"many.txt", "big.txt", "out.csv"}) == []


def test_a_closed_stdout_prints_no_exception_ignored(tmp_path: Path) -> None:
    source = _puzzles(tmp_path)
    for argv in (["solve", str(source)], ["convert", str(source)]):
        shell = f"{sys.executable} -m sudokit {' '.join(argv)} | head -c 10 > /dev/null"
        done = subprocess.run(["bash", "-c", shell], capture_output=True, timeout=60)
        assert done.stderr == b"", done.stderr.decode()


def test_sigterm_inside_main_is_handled_like_ctrl_c() -> None:
    """In-process: the handler main() installs raises a KeyboardInterrupt subclass."""
    from sudokit.cli import main

    class Killer(io.StringIO):
        def write(self, text: str) -> int:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.1)  # the handler runs between bytecodes
            return super().write(text)

    err = io.StringIO()
    code = main(["solve", EXAMPLE], io.StringIO(), Killer(), err)
    assert code == 143 and "stopped by signal 15" in err.getvalue()
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # restored


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_signal_during_start_up_prints_no_traceback(sig: signal.Signals) -> None:
    """The console script's launcher (``_sudokit_launch``) is quiet until the CLI is in;
    the sleep stands for a slow ``import sudokit``."""
    code = "import os, time, _sudokit_launch as L; L.install(); os.write(1, b'ready'); time.sleep(20); import sudokit.cli"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    assert proc.stdout is not None and proc.stdout.read(5) == b"ready"
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + (2 if sig == signal.SIGINT else 15) and err == b"sudokit: interrupted\n", err.decode()
