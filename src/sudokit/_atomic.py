"""Kill-safe output files: write a hidden temporary file next to the target, rename it
over the target when complete.

A kill at any instant leaves either the previous file (or no file) or the whole new one,
never half a file, an empty file or a stray temporary file:

* On Linux the data goes to an anonymous ``O_TMPFILE`` inode in the target's directory:
  it has no name until :meth:`AtomicFile.commit` links it under a temporary name and
  renames that over the target, so even SIGKILL leaves nothing behind. Elsewhere (or on
  file systems without ``O_TMPFILE``) a named ``.<name>.<random>.tmp`` file is used and
  removed on every exit Python sees (exceptions, Ctrl-C, SIGTERM through the CLI).
* A symlink target is followed: the file it points to is replaced, the link stays.
* An existing target keeps its permission bits; a new file gets ``0o666`` minus the
  umask, like ``open(path, "w")``.
* A target that exists but is not a regular file (``/dev/stdout``, a FIFO, a device) is
  written directly: renaming over it would be wrong.

>>> import os, pathlib, tempfile
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> with atomic_write(d / "out.txt", text=True) as out:
...     _ = out.write("done\\n")
>>> (d / "out.txt").read_text(), os.listdir(d)
('done\\n', ['out.txt'])
"""

from __future__ import annotations

import errno
import io
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

__all__ = ["AtomicFile", "atomic_write", "is_user_stop"]


def is_user_stop(exc: BaseException | None) -> bool:
    """Ctrl-C, SIGTERM (raised as KeyboardInterrupt by the CLI) or a spent budget: the
    work done so far is good and should be kept, unlike after a bad input or a bug."""
    from .errors import SearchLimitExceeded

    return isinstance(exc, (KeyboardInterrupt, SearchLimitExceeded))


class AtomicFile:
    """An open binary file that becomes ``path`` on :meth:`commit`, or vanishes on
    :meth:`discard`. ``stream`` is a seekable ``IO[bytes]``."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.path.realpath(os.fspath(path))  # replace a symlink's target, keep the link
        self.directory = os.path.dirname(self.path) or "."
        self._direct = _exists_not_regular(self.path)
        self._named: str | None = None
        self._done = False
        try:
            self.stream: IO[bytes] = self._open()
        except OSError as exc:  # name the file the user asked for, never a temporary one
            raise OSError(exc.errno, exc.strerror, os.fspath(path)) from None

    def _open(self) -> IO[bytes]:
        if self._direct:
            return open(self.path, "wb")
        fd = _anonymous(self.directory)
        if fd is None:
            self._named = _temp_name(self.path)
            fd = os.open(self._named, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o666)
        try:
            _copy_mode(self.path, fd)
        except OSError:
            os.close(fd)
            self._remove_named()
            raise
        return io.open(fd, "w+b")

    def commit(self) -> None:
        """Flush, sync and rename the file over the target (idempotent)."""
        if self._done:
            return
        self._done = True
        try:
            self.stream.flush()
            if self._direct:
                return
            os.fsync(self.stream.fileno())
            if self._named is None:
                self._named = self._link_anonymous()
            os.replace(self._named, self.path)
            self._named = None
        finally:
            self.stream.close()
            self._remove_named()

    def discard(self) -> None:
        """Drop what was written; the previous file (if any) stays (idempotent)."""
        if self._done:
            return
        self._done = True
        try:
            self.stream.close()
        except OSError:
            pass
        self._remove_named()

    def _link_anonymous(self) -> str:
        """Give the O_TMPFILE inode a temporary name, to rename over the target."""
        name = _temp_name(self.path)
        _link_fd(self.stream.fileno(), name)
        return name

    def _remove_named(self) -> None:
        if self._named is not None:
            try:
                os.unlink(self._named)
            except FileNotFoundError:
                pass
            self._named = None


_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def _temp_name(target: str) -> str:
    return os.path.join(os.path.dirname(target) or ".", f".{os.path.basename(target)}.{secrets.token_hex(4)}.tmp")


# Directories where an O_TMPFILE file can be given a name (probed once per directory:
# some kernels, file systems and sandboxes open one but refuse to link it).
_LINKABLE: dict[str, bool] = {}


def _anonymous(directory: str) -> int | None:
    """An unnamed file in ``directory`` (Linux O_TMPFILE), or None where unsupported."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd") or _LINKABLE.get(directory) is False:
        return None
    try:
        fd = os.open(directory, flag | os.O_RDWR | _CLOEXEC, 0o666)
    except OSError as exc:
        if exc.errno in _NO_TMPFILE:
            _LINKABLE[directory] = False
            return None
        raise
    if directory not in _LINKABLE:
        _LINKABLE[directory] = _probe_link(directory)
        if not _LINKABLE[directory]:
            os.close(fd)
            return None
    return fd


def _probe_link(directory: str) -> bool:
    fd = os.open(directory, os.O_TMPFILE | os.O_RDWR | _CLOEXEC, 0o600)
    name = _temp_name(os.path.join(directory, "probe"))
    try:
        _link_fd(fd, name)
    except OSError:
        return False
    finally:
        os.close(fd)
    os.unlink(name)
    return True


def _link_fd(fd: int, name: str) -> None:
    """linkat() an open unnamed file to ``name``: through /proc (any user), else with
    AT_EMPTY_PATH (needs CAP_DAC_READ_SEARCH; works where /proc links cross devices)."""
    try:
        os.link(f"/proc/self/fd/{fd}", name, follow_symlinks=True)
        return
    except OSError as first:
        error = first
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.linkat(fd, b"", -100, os.fsencode(name), 0x1000) != 0:  # AT_FDCWD, AT_EMPTY_PATH
        raise error


# File systems or kernels without O_TMPFILE answer with one of these.
_NO_TMPFILE = {getattr(errno, name, -1) for name in ("EOPNOTSUPP", "EISDIR", "EINVAL", "ENOTSUP")}


def _exists_not_regular(path: str) -> bool:
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return False


def _copy_mode(target: str, fd: int) -> None:
    """Give the new file the target's permission bits (a new target keeps the umask's)."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        return
    os.fchmod(fd, mode)


@contextmanager
def atomic_write(path: str | os.PathLike[str], *, text: bool = False, keep_partial: bool = False) -> Iterator[Any]:
    """Write ``path`` atomically: yields a binary stream (or a UTF-8 text stream with
    ``text=True``); the target is replaced when the block ends normally.

    On an exception the target is left as it was, unless ``keep_partial`` is set and the
    exception is a user stop (:func:`is_user_stop`: Ctrl-C, SIGTERM, a spent budget): then
    what was written so far is kept (use it for record formats, where every write is a
    whole record).
    """
    out = AtomicFile(path)
    stream: Any = io.TextIOWrapper(out.stream, encoding="utf-8", newline="") if text else out.stream
    try:
        yield stream
    except BaseException as exc:
        if keep_partial and is_user_stop(exc):
            _finish(stream, out)
        else:
            out.discard()
        raise
    else:
        _finish(stream, out)


def _finish(stream: Any, out: AtomicFile) -> None:
    if isinstance(stream, io.TextIOWrapper):
        stream.flush()
        stream.detach()
    out.commit()
