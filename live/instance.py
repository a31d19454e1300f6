"""One daemon per data dir: an exclusive ``fcntl.flock`` on ``<data_dir>/meetingd.lock``.

``InstanceLock.acquire(data_dir)`` takes the lock without waiting, writes this process's pid into
the file and returns the held lock; if another process holds it, it raises
:class:`~models.InstanceLocked` naming that process's pid (read from the file). The caller takes
it before anything is opened or resumed, so a second ``meetingd serve`` changes nothing on disk.
The kernel drops the lock when the process dies, so a crash never leaves a stale lock behind.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from models import InstanceLocked

LOCK_FILE = "meetingd.lock"


class InstanceLock:
    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, data_dir: Path) -> InstanceLock:
        path = Path(data_dir) / LOCK_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            who = f"pid {pid}" if pid is not None else "another process"
            raise InstanceLocked(f"another meetingd ({who}) is serving {data_dir}", pid=pid,
                                 lock=str(path)) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        return cls(path, fd)

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


def _read_pid(fd: int) -> int | None:
    try:
        return int(os.pread(fd, 32, 0).decode().strip())
    except (OSError, ValueError):
        return None
