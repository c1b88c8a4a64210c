"""What a coordinator names on the command line: bundles, folders of bundles, identity files.

``rrdesk verify`` and ``rrdesk aggregate`` take several paths (the README's
``rrdesk verify /media/usb/*.tar.age``), and a folder stands for the bundles in it: every
``*.tar.age`` directly inside it (never in its subfolders), sorted by name, as a shell's
``FOLDER/*.tar.age`` would list them -- hidden files too are left out, so the ``._NAME.tar.age``
files a Mac leaves on a FAT stick are never taken for bundles. A ``NAME.tar.age.part`` is an
export that never finished (FORMAT.md §2: a bundle gets its name only once it was read back and
compared), never a bundle: it is listed as :attr:`Inputs.unfinished` for the front-end to
mention, and skipped. Any other file in the folder is ignored. The same bundle named twice (by
a glob and by its folder) is read once.

``-i`` may be given several times, and an identity file may hold several keys (age's format:
one ``AGE-SECRET-KEY-1…`` per line, ``#`` comments): every key of every file is tried (a
coordinator who rotated keys gives the old and the new one).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from rrdesk.core.errors import InputError
from rrdesk.store import age, keys
from rrdesk.store.bundle import SUFFIX

__all__ = ["Inputs", "UNFINISHED", "bundle_paths", "load_identities"]

UNFINISHED = ".part"  # why: the name an export writes under until it was read back (store/bundle.py)


@dataclass(frozen=True)
class Inputs:
    """The paths to read, in order, and the unfinished exports (``.part``) seen in folders."""

    paths: tuple[Path, ...]
    unfinished: tuple[Path, ...] = ()


def bundle_paths(paths: Sequence[Path], *, data_folders: bool = False) -> Inputs:
    """Every path given, a folder replaced by the bundles in it (module docstring).

    With ``data_folders`` (``rrdesk verify``), a folder holding no bundle is kept as it is:
    a data folder, checked as such (and so is one holding logs as well as bundles exported
    into it). Otherwise a folder with no bundle is an error.

    Raises
    ------
    InputError
        A folder with no ``*.tar.age`` in it (``aggregate``); a folder that cannot be listed.
    """
    found: list[Path] = []
    unfinished: list[Path] = []
    for path in map(Path, paths):
        if not path.is_dir():
            found.append(path)  # a missing or odd path is reported by whoever reads it
            continue
        try:
            names = sorted(entry.name for entry in os.scandir(path))
        except OSError as error:
            raise InputError(path, "", f"the folder cannot be listed: {error.strerror}") from None
        visible = [name for name in names if not name.startswith(".")]
        bundles = [path / name for name in visible if name.endswith(SUFFIX)]
        unfinished += [path / name for name in visible if name.endswith(SUFFIX + UNFINISHED)]
        if data_folders and (not bundles or _holds_logs(path)):
            found.append(path)  # a data folder (checked as such), even with bundles exported into it
        if bundles:
            found += bundles
        elif not data_folders:
            raise InputError(path, "", f"no *{SUFFIX} bundle in this folder (its subfolders are not searched)")
    seen: set[str] = set()
    unique = []
    for path in found:
        real = os.path.realpath(path)
        if real not in seen:
            seen.add(real)
            unique.append(path)
    return Inputs(tuple(unique), tuple(unfinished))


def _holds_logs(folder: Path) -> bool:
    """Whether ``folder`` is a data folder or a survey folder: logs in it or one level down."""
    return any(folder.glob("*.rrlog")) or any(folder.glob("*/*.rrlog"))


def load_identities(paths: Path | Sequence[Path]) -> list[age.Identity]:
    """Every key of every identity file in ``paths`` (one path or several), in order.

    Raises
    ------
    InputError
        As :func:`rrdesk.store.keys.load_identities`, for the first file that is unusable.
    """
    files = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    return [identity for file in files for identity in keys.load_identities(file)]
