"""A counter the processes of one host share through a small memory-mapped file.

A process that changes something other processes keep a copy of bumps the counter; a process that
keeps a copy notes the counter's value with it and drops the copy when the value has moved. Reading it
is a look into memory the kernel keeps in step across processes (no system call, no statement), so
it can be checked on every request. Processes on other hosts do not see it; a cache that relies on it
also bounds how long it trusts a copy.
"""
from __future__ import annotations

import fcntl
import mmap
import os
import struct
from pathlib import Path

_FORMAT = struct.Struct("<Q")


class SharedCounter:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._map: mmap.mmap | None = None
        self._failed = False

    def _open(self) -> mmap.mmap | None:
        if self._map is None and not self._failed:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
                try:
                    if os.fstat(fd).st_size < _FORMAT.size:
                        os.ftruncate(fd, _FORMAT.size)  # zero-filled: the counter starts at 0
                    self._map = mmap.mmap(fd, _FORMAT.size)
                finally:
                    os.close(fd)  # the mapping stays valid
            except OSError:
                self._failed = True  # a read-only or missing directory: no value, callers keep no copies
        return self._map

    def value(self) -> int | None:
        """The counter now; None when the file cannot be used."""
        mapped = self._map or self._open()
        return None if mapped is None else _FORMAT.unpack_from(mapped)[0]

    def bump(self) -> None:
        """Add one, under a lock on the file so that two processes bumping at once both count."""
        mapped = self._open()
        if mapped is None:
            return
        with open(self.path, "rb") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                _FORMAT.pack_into(mapped, 0, _FORMAT.unpack_from(mapped)[0] + 1)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._map is not None:
            self._map.close()
            self._map = None
