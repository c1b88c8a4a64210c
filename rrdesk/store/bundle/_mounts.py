"""Which device a folder is on, in words a person recognises (``rrdesk/store/FORMAT.md`` §2.5).

An export names the device it wrote to ("/dev/sdb1, mounted at /media/ana/STICK"), so that a
bundle written to the laptop's own disk -- a stick that was never mounted, or went away -- is
never mistaken for one on the stick. Linux says where each filesystem is mounted in
``/proc/self/mountinfo``; elsewhere only the device number is known, and :func:`device_name`
says so.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Mount", "device_name", "mount_of", "removable"]

_MOUNTINFO = Path("/proc/self/mountinfo")  # why: the calling process's own view (namespaces)
_SYS_BLOCK = Path("/sys/dev/block")  # why: Linux names each block device MAJOR:MINOR here


@dataclass(frozen=True)
class Mount:
    """One mounted filesystem: where (``point``), what (``source``: "/dev/sdb1") and its type."""

    point: str
    source: str
    fstype: str


def _unescape(field: str) -> str:
    # why: mountinfo writes a space, tab, newline or backslash in a path as \040, \011, \012, \134
    out, i = [], 0
    while i < len(field):
        if field[i] == "\\" and i + 3 < len(field) and field[i + 1:i + 4].isdigit():
            out.append(chr(int(field[i + 1:i + 4], 8)))
            i += 4
        else:
            out.append(field[i])
            i += 1
    return "".join(out)


def _mounts(text: str) -> list[tuple[int, int, Mount]]:
    """(major, minor, Mount) for each line of a mountinfo text; lines it cannot read are skipped."""
    found = []
    for line in text.splitlines():
        left, sep, right = line.partition(" - ")
        fields, tail = left.split(" "), right.split(" ")
        if not sep or len(fields) < 5 or len(tail) < 2 or ":" not in fields[2]:
            continue
        major, _, minor = fields[2].partition(":")
        if not (major.isdigit() and minor.isdigit()):
            continue
        found.append((int(major), int(minor), Mount(_unescape(fields[4]), _unescape(tail[1]), tail[0])))
    return found


def mount_of(path: str | Path, *, mountinfo: str | None = None) -> Mount | None:
    """The mounted filesystem that holds ``path`` (the deepest mount point above it on the
    same device), or None where the system does not say (not Linux, /proc not mounted)."""
    try:
        dev = os.stat(path).st_dev
        real = os.path.realpath(path)
        text = mountinfo if mountinfo is not None else _MOUNTINFO.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    best: Mount | None = None
    for major, minor, mount in _mounts(text):
        if (major, minor) != (os.major(dev), os.minor(dev)):
            continue
        point = mount.point.rstrip("/") or "/"
        inside = real == point or real.startswith(point if point == "/" else point + "/")
        if inside and (best is None or len(point) > len(best.point.rstrip("/"))):
            best = mount
    return best


def device_name(path: str | Path) -> str:
    """The device holding ``path`` in words: "/dev/sdb1 (vfat), mounted at /media/ana/STICK",
    or "device 8:17" where the mounts cannot be read."""
    mount = mount_of(path)
    if mount is not None:
        return f"{mount.source} ({mount.fstype}), mounted at {mount.point}"
    try:
        dev = os.stat(path).st_dev
    except OSError as error:
        return f"an unknown device ({error.strerror or type(error).__name__})"
    if not hasattr(os, "major"):  # pragma: no cover - Windows: st_dev is a volume serial number
        return f"volume {dev:08x}"
    return f"device {os.major(dev)}:{os.minor(dev)}"


def removable(path: str | Path, *, sys_block: Path = _SYS_BLOCK) -> bool | None:
    """Whether ``path`` is on a removable disk or one on a USB bus (a USB stick, a card reader),
    as Linux's sysfs says; None where it cannot tell (not a block device: tmpfs, a network
    share; not Linux). A partition's flag is its disk's, one folder up."""
    try:
        dev = os.stat(path).st_dev
        node = (sys_block / f"{os.major(dev)}:{os.minor(dev)}").resolve(strict=True)
    except (OSError, AttributeError):  # AttributeError: no os.major on Windows
        return None
    if "/usb" in node.as_posix():
        return True
    for folder in (node, node.parent):
        try:
            return (folder / "removable").read_text(encoding="ascii").strip() == "1"
        except (OSError, UnicodeDecodeError):
            continue
    return None
