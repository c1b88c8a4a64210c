"""File I/O that survives a crash or a full disk: every durable write goes through here.

(Being consolidated: the log's write helpers join this module.)
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from rrdesk.store.log import StoreError, os_reason

__all__ = ["write_atomic"]


def write_atomic(path: Path, data: bytes) -> Path:
    """``path`` whole or not at all: a temporary file beside it, fsync, rename, fsync the folder.

    Raises
    ------
    StoreError
        The file could not be written (the temporary file is removed; ``path`` is untouched).
    """
    path = Path(path)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, path)
        if os.name == "posix":  # a folder cannot be opened on Windows; NTFS journals renames
            dir_fd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    except OSError as error:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise StoreError(path, "", f"could not be written: {os_reason(error)}") from None
    return path
