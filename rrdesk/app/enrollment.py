"""Enrolled laptops: each installation's own signing key, and the coordinator's list of them.

Every installation makes its own minisign key pair on first use (``DATA/laptop.minisign.key``,
mode 0600; the private key never leaves the laptop). Enrolling it with the coordinator is one
step in the field: the interviewer writes the laptop's *enrollment file* to the USB stick
(``rrdesk enrollment --data DIR --to STICK``, or the dashboard), which is its public key in
minisign's format with the device id in its comment; the coordinator adds it to the list of
enrolled laptops (``rrdesk enroll FILE… -i IDENTITY``: ``coordinator.laptops`` beside the
identity file). The file on the stick is not authenticated by anything else, so enrolling needs
the key id the laptop shows (``--key-id XXXX-XXXX-XXXX-XXXX``, read off its screen or by phone):
without it, or with another, nothing is enrolled -- a file swapped on the stick is refused.

The list is text, one laptop a line: ``<device id> <public key, base64> <key id> <day enrolled>
sum=<16 hex digits: the line's check>`` and, when the coordinator named the laptop (``--name "Laptop 3, Amina"``), a space and the name
to the end of the line (UTF-8; lines without one, as older rrdesk wrote them, read as before);
lines starting with ``#`` ignored. A device id enrolled with another key is refused rather than
replaced (a reinstalled laptop gets a new key: the coordinator removes the old line by hand,
knowingly). :func:`laptop_names` gives the names, for whatever names a laptop (aggregate).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Sequence

from rrdesk.app.interviews import device_id
from rrdesk.core.errors import InputError, LaptopLost, SignatureError
from rrdesk.core.fileio import OsOps, fsync_dir, mapped, read_capped_if_present, replace_file, write_atomic
from rrdesk.store import minisign
from rrdesk.store.laptop import laptop_key

__all__ = ["LAPTOPS_ENV", "WHERE_LAPTOP_ID", "Enrolled", "Laptop", "Laptops", "check_name", "confirm",
           "coordinator_laptops", "enroll", "enrolled_keys", "laptop_key", "laptop_names", "laptops_path",
           "start_over", "write_enrollment"]

LAPTOPS_ENV = "RRDESK_LAPTOPS"
# why: the list of enrolled laptops for scripts (and the test suite) that do not pass --laptops;
# the coordinator's default is the list beside the identity file

MAX_LIST = 16 << 20
# why: a line is about 120 bytes; 16 MiB is over 100,000 laptops, and stops a wrongly named
# file (a disk image) being read into memory
_COMMENT = re.compile(r"rrdesk laptop ([0-9a-f]{32})\b")
_LINE = re.compile(r"([0-9a-f]{32}) (RW[A-Za-z0-9+/]{54}) ([0-9A-F]{16}) (\d{4}-\d{2}-\d{2})(?: (sum=\S*))?(?: (.+))?")
_SUM = re.compile(r"sum=[0-9a-f]{16}\Z")
HEADER = "# rrdesk enrolled laptops/2: device id, public signing key, key id, day enrolled, check, name"
# why a check on each line, not one for the file: the coordinator may remove a laptop's line by
# hand (a reinstalled laptop), and every other line must still read; a damaged line (a disk, an
# edit by mistake) must never read as another key, which would make that laptop's bundles look
# "changed after it signed them". The first 16 hex digits of the line's SHA-256 catch that; the
# header says every line carries one, so a line whose check was lost is damage too. A list written
# before (no header, no checks) still reads, and gets them at its next save (rrdesk enroll).
MAX_NAME = 64  # why: a label people read in a report ("Laptop 3, Amina"), not a description
WHERE_LAPTOP_ID = ("read the id on the laptop itself: its File menu, Write enrollment file…, shows it large, "
                   "and rrdesk enrollment prints it; never take it from the file on the stick")


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


class Enrolled(NamedTuple):
    """A line of the list: the laptop, the day it was enrolled, and its name ("" when none)."""

    laptop: Laptop
    day: str
    name: str = ""


def check_name(name: str, where: str | Path = "command line") -> str:
    """An enrollment name as it is kept: trimmed, 1 to 64 printable characters (no control,
    format or direction character); InputError otherwise."""
    name = (name or "").strip()
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise InputError(where, "--name", f"a laptop's name is 1 to {MAX_NAME} printable characters "
                         "(letters, digits, spaces, punctuation)")
    return name


def confirm(laptop: Laptop, path: Path, key_ids: list[str] | None) -> None:
    """Refuse ``laptop`` (read from ``path``) unless its key id is one of ``key_ids``, the ids
    the coordinator read off the laptops (XXXX-XXXX-XXXX-XXXX; dashes, spaces and case ignored)."""
    if not key_ids:
        raise InputError(path, "key id", f"not confirmed: give --key-id XXXX-XXXX-XXXX-XXXX; {WHERE_LAPTOP_ID}")
    given = {re.sub(r"[\s-]", "", k).upper() for k in key_ids}
    if laptop.key.fingerprint not in given:
        raise InputError(path, "key id", f"this file holds key {laptop.code}, not the id given "
                         f"({', '.join(key_ids)}): it is not that laptop's file (swapped on the stick?) or the id "
                         f"was misread; nothing was enrolled; {WHERE_LAPTOP_ID}")


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


def start_over(data: Path, dest: Path, now: dt.datetime | None = None) -> tuple[Path, Laptop, Path]:
    """A laptop whose signing key or device id is lost beside the logs it wrote starts over: the
    data folder is moved aside (renamed ``DATA.set-aside-<UTC time>``, beside it, never deleted:
    its logs are still there for whoever can restore the key), a new one is made with a new
    device id and key, and its enrollment file written into ``dest``. Returns (the file, the
    laptop, where the old folder went).

    Refused when nothing is lost (:class:`LaptopLost` is the only reason to start over: a
    disk that cannot be read is an error, never a new laptop).
    """
    data = Path(data)
    try:
        this_laptop(data)
    except LaptopLost:
        pass
    else:
        raise InputError(data, "--start-over", "this laptop's signing key and device id are sound: there is "
                         "nothing to start over (without --start-over, rrdesk enrollment writes its file)")
    stamp = (now or dt.datetime.now(dt.timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    aside = data.with_name(f"{data.name}.set-aside-{stamp}")
    with mapped(aside, "could not be written"):
        if os.path.lexists(aside):
            raise FileExistsError(17, "exists already; try again in a second", str(aside))
        os.rename(data, aside)
        fsync_dir(aside.parent)
    path, laptop = write_enrollment(data, dest)
    return path, laptop, aside


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
    return {device: entry.laptop.key for device, entry in Laptops.load(path).by_device.items()}


def merged_keys(lists: Sequence[Path]) -> dict[str, minisign.PublicKey]:
    """The enrolled laptops of every list (one beside each identity file, after a key rotation);
    a laptop two lists enroll with two keys is an error naming both."""
    merged: dict[str, minisign.PublicKey] = {}
    source: dict[str, Path] = {}
    for path in lists:
        for device, key in enrolled_keys(path).items():
            if device in merged and merged[device] != key:
                raise InputError(path, f"laptop {device[:8]}", f"enrolled here with key {key.fingerprint} but in "
                                 f"{source[device]} with key {merged[device].fingerprint}: remove the line of "
                                 "the key the laptop no longer has")
            merged.setdefault(device, key)
            source.setdefault(device, path)
    return merged


def laptop_names(path: Path) -> dict[str, str]:
    """The enrolled laptops' names by device id (only those the coordinator named)."""
    return {device: entry.name for device, entry in Laptops.load(path).by_device.items() if entry.name}


LIST_DAMAGED = "list of enrolled laptops damaged"
LIST_KEEP = ("; no bundle was judged against it: keep the file, restore it from a backup, or remove this line and "
             "enroll that laptop again")


def _line_sum(device: str, key: str, key_id: str, day: str, name: str) -> str:
    """A line's check: ``sum=`` and the first 16 hex digits of the SHA-256 of its other fields."""
    fields = f"{device} {key} {key_id} {day}" + (f" {name}" if name else "")
    return "sum=" + hashlib.sha256(fields.encode("utf-8")).hexdigest()[:16]


@dataclass
class Laptops:
    """The coordinator's enrolled laptops, by device id."""

    path: Path
    by_device: dict[str, Enrolled]

    @classmethod
    def load(cls, path: Path) -> "Laptops":
        """The list at ``path`` (empty when the file does not exist yet)."""
        with mapped(path, "cannot be read"):
            raw = read_capped_if_present(path, MAX_LIST)
        found: dict[str, Enrolled] = {}
        lines = (raw or b"").decode("utf-8", "replace").splitlines()
        checked = bool(lines) and lines[0].rstrip() == HEADER  # why: then every line MUST carry its check
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            match = _LINE.fullmatch(line)
            if match is None:
                raise InputError(path, f"line {number}", f"{LIST_DAMAGED}: not a laptop (device id, key, key id, "
                                 f"day enrolled){LIST_KEEP}")
            if match[5] is not None or checked:
                if match[5] is None or not _SUM.match(match[5]) or match[5] != _line_sum(
                        match[1], match[2], match[3], match[4], match[6] or ""):
                    raise InputError(path, f"line {number}", f"{LIST_DAMAGED}: its check does not match it (edited, "
                                     f"or damaged on the disk){LIST_KEEP}")
            try:
                key = minisign.read_public(match[2], f"{path}: line {number}")
            except SignatureError:
                raise InputError(path, f"line {number}", f"{LIST_DAMAGED}: not a public key{LIST_KEEP}") from None
            if key.fingerprint != match[3]:
                raise InputError(path, f"line {number}", f"{LIST_DAMAGED}: the key id does not match the key"
                                 f"{LIST_KEEP}")
            name = match[6] or ""
            if name and check_name(name, f"{path}: line {number}") != name:
                raise InputError(path, f"line {number}", "the laptop's name has spaces around it")
            found[match[1]] = Enrolled(Laptop(match[1], key), match[4], name)
        return cls(Path(path), found)

    def key_for(self, device: str) -> minisign.PublicKey | None:
        entry = self.by_device.get(device)
        return None if entry is None else entry.laptop.key

    def add(self, laptop: Laptop, day: dt.date, name: str = "") -> bool:
        """Add ``laptop`` (named ``name``, if given); False if it is enrolled already with this
        key (its name is then set, when one is given).

        Raises
        ------
        InputError
            Its device is enrolled with another key.
        """
        known = self.by_device.get(laptop.device)
        if known is not None:
            if known.laptop.key == laptop.key:
                if name:
                    self.by_device[laptop.device] = known._replace(name=name)
                return False
            raise InputError(self.path, "", f"laptop {laptop.device[:8]} is enrolled already with key "
                             f"{known.laptop.code}, not {laptop.code}: if it was reinstalled, remove its line "
                             "from this file first")
        self.by_device[laptop.device] = Enrolled(laptop, day.isoformat(), name)
        return True

    def save(self) -> None:
        lines = [HEADER]
        for device, (laptop, day, name) in sorted(self.by_device.items()):
            key, key_id = laptop.key.base64(), laptop.key.fingerprint
            lines.append(f"{device} {key} {key_id} {day} {_line_sum(device, key, key_id, day, name)}"
                         + (f" {name}" if name else ""))
        write_atomic(self.path, ("\n".join(lines) + "\n").encode("utf-8"))


def enroll(files: list[Path], laptops: Path, today: dt.date | None = None, *,
           key_ids: list[str] | None = None, name: str = "") -> list[tuple[Laptop, bool]]:
    """Add every enrollment file to the list at ``laptops``; (laptop, newly added) for each.

    Each file's key id must be one of ``key_ids`` (what the laptops show, :func:`confirm`);
    ``name`` names the one laptop enrolled (one file only). Every file is read and checked
    before the list is written, so one bad file adds nothing.
    """
    if name:
        name = check_name(name)
        if len(files) != 1:
            raise InputError("command line", "--name", "names one laptop: enroll its file alone")
    listed = Laptops.load(laptops)
    read = [read_enrollment(Path(f)) for f in files]
    for path, laptop in zip(files, read):
        confirm(laptop, Path(path), key_ids)
    added = [(laptop, listed.add(laptop, today or dt.date.today(), name)) for laptop in read]
    listed.save()
    return added
