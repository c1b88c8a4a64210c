"""File I/O that survives a crash or a full disk, and the one wording of its failures.

Every layer reads and writes files through here: :func:`mapped` turns an ``OSError`` into a
:class:`~rrdesk.core.errors.StoreError` naming the file (``with mapped(path, "cannot be
created"): path.mkdir()``), :func:`write_atomic` writes a file whole or not at all. Core
stays pure otherwise: nothing here knows a survey, a record or a key.
"""
from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rrdesk.core.errors import StoreError, os_reason

__all__ = ["mapped", "write_atomic"]


@contextmanager
def mapped(path: str | Path, doing: str, *, where: str = "") -> Iterator[None]:
    """Turn an ``OSError`` raised inside the block into ``StoreError(path, where, "DOING: reason")``.

    ``FileExistsError`` where a folder is wanted reads "… : File exists", a full disk "…: No
    space left on device": the operating system's words, after what was being done.
    """
    try:
        yield
    except OSError as error:
        raise StoreError(path, where, f"{doing}: {os_reason(error)}") from None


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
