"""Enrolled laptops: each installation's own signing key, and the coordinator's list of them.

Every installation makes its own minisign key pair on first use (``DATA/laptop.minisign.key``,
mode 0600; the private key never leaves the laptop). Enrolling it with the coordinator is one
step in the field: the interviewer writes the laptop's *enrollment file* to the USB stick
(``rrdesk enrollment --data DIR --to STICK``, or the dashboard), which is its public key in
minisign's format with the device id in its comment; the coordinator adds it to the list of
enrolled laptops (``rrdesk enroll FILE… -i IDENTITY``: ``coordinator.laptops`` beside the
identity file). The laptop shows its key id (16 hex digits) for the coordinator to compare, by
phone if need be: the file on the stick is not authenticated by anything else.

The list is text, one laptop a line: ``<device id> <public key, base64> <key id> <day enrolled>``,
lines starting with ``#`` ignored. A device id enrolled with another key is refused rather than
replaced (a reinstalled laptop gets a new key: the coordinator removes the old line by hand,
knowingly).
"""
from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass
from pathlib import Path

from rrdesk.app.interviews import device_id
from rrdesk.core.errors import InputError
from rrdesk.core.fileio import OsOps, mapped, read_capped_if_present, replace_file, write_atomic
from rrdesk.store import minisign
from rrdesk.store.laptop import laptop_key

__all__ = ["LAPTOPS_ENV", "Laptop", "Laptops", "coordinator_laptops", "enroll", "enrolled_keys", "laptop_key", "laptops_path",
           "write_enrollment"]

LAPTOPS_ENV = "RRDESK_LAPTOPS"
# why: the list of enrolled laptops for scripts (and the test suite) that do not pass --laptops;
# the coordinator's default is the list beside the identity file

MAX_LIST = 16 << 20
# why: a line is about 120 bytes; 16 MiB is over 100,000 laptops, and stops a wrongly named
# file (a disk image) being read into memory
_COMMENT = re.compile(r"rrdesk laptop ([0-9a-f]{32})\b")
_LINE = re.compile(r"([0-9a-f]{32}) (RW[A-Za-z0-9+/]{54}) ([0-9A-F]{16}) (\d{4}-\d{2}-\d{2})")


@dataclass(frozen=True)
class Laptop:
    """An installation: its device id (32 hex digits) and its public signing key."""

    device: str
    key: minisign.PublicKey

    @property
    def code(self) -> str:
        """The key id as people read it aloud: ``43BF-037F-E915-7D50``."""
        f = self.key.fingerprint
        return "-".join(f[i:i + 4] for i in range(0, 16, 4))


def this_laptop(data: Path) -> Laptop:
    """This installation as the coordinator will list it."""
    return Laptop(device_id(Path(data)).hex(), laptop_key(data).public())


def write_enrollment(data: Path, dest: Path) -> tuple[Path, Laptop]:
    """Write this laptop's enrollment file into the folder ``dest``; returns it and the laptop."""
    laptop = this_laptop(data)
    out = Path(dest) / f"rrdesk-laptop-{laptop.device[:8]}.pub"
    text = (f"untrusted comment: rrdesk laptop {laptop.device} key {laptop.key.fingerprint}\n"
            f"{laptop.key.base64()}\n")
    with mapped(out, "could not be written"):
        replace_file(out, text.encode("ascii"), OsOps())
    return out, laptop


def read_enrollment(path: Path) -> Laptop:
    """The laptop in an enrollment file."""
    with mapped(path, "cannot be read"):
        raw = read_capped_if_present(path, 4096)
    if raw is None:
        raise InputError(path, "", "no such file")
    text = raw.decode("ascii", "replace")
    found = _COMMENT.search(text.split("\n", 1)[0])
    if found is None:
        raise InputError(path, "", "not an rrdesk enrollment file (rrdesk-laptop-….pub from a laptop)")
    return Laptop(found[1], minisign.read_public(text, str(path)))


def laptops_path(identity: Path) -> Path:
    """The list of enrolled laptops beside an identity file: ``coordinator.key`` → ``coordinator.laptops``."""
    identity = Path(identity)
    stem = identity.with_suffix("") if identity.suffix == ".key" else identity
    return stem.with_name(stem.name + ".laptops")


def coordinator_laptops(identity: Path, given: Path | None = None) -> Path:
    """The list of enrolled laptops to check bundles against: ``given`` (``--laptops``), else the
    environment's ``RRDESK_LAPTOPS`` (scripts, the test suite), else the list beside ``identity``."""
    return Path(given or os.environ.get(LAPTOPS_ENV) or laptops_path(identity))


def enrolled_keys(path: Path) -> dict[str, minisign.PublicKey]:
    """The enrolled laptops' keys by device id. A list that does not exist is empty: every
    bundle is then from a laptop not enrolled."""
    return {device: laptop.key for device, (laptop, _) in Laptops.load(path).by_device.items()}


@dataclass
class Laptops:
    """The coordinator's enrolled laptops, by device id."""

    path: Path
    by_device: dict[str, tuple[Laptop, str]]

    @classmethod
    def load(cls, path: Path) -> "Laptops":
        """The list at ``path`` (empty when the file does not exist yet)."""
        with mapped(path, "cannot be read"):
            raw = read_capped_if_present(path, MAX_LIST)
        found: dict[str, tuple[Laptop, str]] = {}
        for number, line in enumerate((raw or b"").decode("utf-8", "replace").splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            match = _LINE.fullmatch(line)
            if match is None:
                raise InputError(path, f"line {number}", "not a laptop (device id, key, key id, day enrolled)")
            key = minisign.read_public(match[2], f"{path}: line {number}")
            if key.fingerprint != match[3]:
                raise InputError(path, f"line {number}", "the key id does not match the key")
            found[match[1]] = (Laptop(match[1], key), match[4])
        return cls(Path(path), found)

    def key_for(self, device: str) -> minisign.PublicKey | None:
        entry = self.by_device.get(device)
        return None if entry is None else entry[0].key

    def add(self, laptop: Laptop, day: dt.date) -> bool:
        """Add ``laptop``; False if it is enrolled already with this key.

        Raises
        ------
        InputError
            Its device is enrolled with another key.
        """
        known = self.by_device.get(laptop.device)
        if known is not None:
            if known[0].key == laptop.key:
                return False
            raise InputError(self.path, "", f"laptop {laptop.device[:8]} is enrolled already with key "
                             f"{known[0].code}, not {laptop.code}: if it was reinstalled, remove its line "
                             "from this file first")
        self.by_device[laptop.device] = (laptop, day.isoformat())
        return True

    def save(self) -> None:
        lines = ["# rrdesk enrolled laptops: device id, public signing key, key id, day enrolled"]
        for device, (laptop, day) in sorted(self.by_device.items()):
            lines.append(f"{device} {laptop.key.base64()} {laptop.key.fingerprint} {day}")
        write_atomic(self.path, ("\n".join(lines) + "\n").encode("ascii"))


def enroll(files: list[Path], laptops: Path, today: dt.date | None = None) -> list[tuple[Laptop, bool]]:
    """Add every enrollment file to the list at ``laptops``; (laptop, newly added) for each.

    Every file is read and checked before the list is written, so one bad file adds nothing.
    """
    listed = Laptops.load(laptops)
    read = [read_enrollment(Path(f)) for f in files]
    added = [(laptop, listed.add(laptop, today or dt.date.today())) for laptop in read]
    listed.save()
    return added
