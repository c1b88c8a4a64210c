"""Export bundles: one survey's logs from one laptop, sealed for the coordinator.

``rrdesk/store/FORMAT.md`` §2 is the spec. A bundle is an age file (sealed to the survey's
recipients) holding a deterministic POSIX tar, so ``age -d -i KEY FILE | tar x`` opens it
without rrdesk. An export is complete and verified or it does not exist (DESIGN.md, threat
model 4): it is written as ``<name>.part``, flushed, read back from the disk and compared, and
only then renamed into place. A bundle is hostile input for whoever opens it (threat model 5):
:func:`open_bundle` reads it strictly and checks every file against the manifest.

Use::

    path = export(data, "workplace-2026", usb_stick)      # the CLI prints the path
    bundle = open_bundle(path, load_identities("coordinator-key.txt"))
"""
from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import re
import stat
import tarfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping, Sequence

import rrdesk
from rrdesk.core import survey as surveys
from rrdesk.core.errors import BundleError, InputError, StoreError, os_reason  # noqa: F401 - BundleError re-exported
from rrdesk.core.fileio import OsOps, read_all, write_all
from rrdesk.store import age
from rrdesk.store._frames import MAX_SURVEY_ID, SURVEY_ID
from rrdesk.store.log import key_path, scan

__all__ = ["Bundle", "BundleError", "BundleOps", "export", "open_bundle", "read_snapshot"]

FORMAT = "rrdesk-bundle/1"
MANIFEST = "manifest.json"
SURVEY_FILE = "survey.toml"
TORN_DIR = "torn/"
SUFFIX = ".tar.age"
MAX_BUNDLE = 2 << 30
# why: a survey's logs are a few MB (a record is ~1 KB); 2 GiB bounds what a hostile or
# mistaken file makes us read into memory, and stays far above any real export.
_SNAPSHOT_TRIES = 3  # why: a key update takes microseconds; three reads that all race one is a bug
_AGE_MAGIC = b"age-encryption.org/v1\n"

# why: a member name becomes a file name on the coordinator's disk (``tar x``), so only plain
# names of safe characters, never a path, a leading dot, or anything the shell treats specially.
_BASE = r"[A-Za-z0-9][A-Za-z0-9._-]{0,199}"
LOG_NAME = re.compile(_BASE + r"\.rrlog\Z")
KEY_NAME = re.compile(_BASE + r"\.rrlog\.key\Z")
TORN_NAME = re.compile(_BASE + r"\.rrlog\.torn-[A-Za-z0-9._-]{1,64}\Z")
_HEX32 = re.compile(r"[0-9a-f]{32}\Z")
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
_MANIFEST_KEYS = {"format", "survey", "device", "exported", "rrdesk", "survey_file", "logs", "keys", "torn"}
_FILE_KEYS = frozenset({"name", "size", "sha256"})
_LOG_KEYS = _FILE_KEYS | {"records", "problems"}
_LISTS = {"logs": LOG_NAME, "keys": KEY_NAME, "torn": TORN_NAME}


class BundleOps(OsOps):
    """The OS calls of an export's write path; tests replace it to inject faults."""

    def read_back(self, path: Path) -> bytes:
        """Read ``path`` again, from the device where the OS allows it."""
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            if hasattr(os, "posix_fadvise"):
                # why: after the fsync the cached pages are clean; dropping them makes the read
                # come from the stick itself, so a stick that lies about its size is caught.
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            return read_all(fd)
        finally:
            os.close(fd)

    def remove(self, path: Path) -> None:
        os.unlink(path)


@dataclass(frozen=True)
class Bundle:
    """A decrypted bundle whose every file matched its manifest.

    ``logs`` maps each log's name to its bytes, ``keys`` each key file's name (``<log>.key``),
    ``torn`` each torn-tail side file's name (without ``torn/``).
    """

    manifest: Mapping[str, Any]
    survey_text: bytes
    logs: Mapping[str, bytes]
    keys: Mapping[str, bytes]
    torn: Mapping[str, bytes]
    path: Path = field(default=Path(""), compare=False)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _entry(name: str, data: bytes) -> dict[str, Any]:
    return {"name": name, "size": len(data), "sha256": _sha(data)}


def _read(path: Path) -> bytes | None:
    """The whole file, or None if it does not exist."""
    try:
        with open(path, "rb") as file:
            return file.read()
    except FileNotFoundError:
        return None


def read_snapshot(log: Path) -> tuple[bytes, bytes | None]:
    """One log and its key file as they stood at one moment, each read once.

    A writer may append meanwhile (a frame, then the key). Reading the key file before and
    after the log and retrying when it changed gives a key whose index is the log's frame
    count or one less -- the two states a writer ever leaves -- so an export never shows a
    verifier a key that runs ahead of its log.
    """
    keys = key_path(log)
    for _ in range(_SNAPSHOT_TRIES):
        before = _read(keys)
        data = _read(log)
        if data is None:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(log))
        if _read(keys) == before:
            break
    return data, before


def _device(data: Path) -> str:
    path = data / "device-id"
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        raise StoreError(path, "", "missing: this is not an rrdesk data folder") from None
    except (OSError, UnicodeDecodeError) as error:
        raise StoreError(path, "", f"cannot be read: {getattr(error, 'strerror', None) or error}") from None
    if not _HEX32.match(text):
        raise StoreError(path, "", "not a device id (32 hex digits); it was edited or damaged")
    return text


def _collect(folder: Path) -> tuple[list[Path], list[Path], list[Path]]:
    """The survey folder's logs, key files and torn-tail side files (regular files only)."""
    logs, keys, torn = [], [], []
    for path in sorted(folder.iterdir()):
        if not stat.S_ISREG(path.lstat().st_mode):
            continue  # why: never follow a link out of the data folder into a bundle
        name = path.name
        kind = (logs if name.endswith(".rrlog") else keys if name.endswith(".rrlog.key")
                else torn if ".rrlog.torn-" in name else None)
        if kind is None:
            continue  # survey.toml, current, and the .new files of an interrupted creation
        pattern = LOG_NAME if kind is logs else KEY_NAME if kind is keys else TORN_NAME
        if not pattern.match(name):
            raise StoreError(path, "", "a file name rrdesk does not write; move it out of the "
                                       "folder to export")
        kind.append(path)
    return logs, keys, torn


def _contents(data: Path, survey_id: str, now: datetime) -> tuple[list[tuple[str, bytes]], tuple[str, ...], str]:
    """The bundle's files (name, bytes), the recipients to seal it to, and the device id."""
    if not _is_survey_id(survey_id):
        raise StoreError(data, "", f"{survey_id!r} is not a survey id")
    folder = data / survey_id
    copy = folder / SURVEY_FILE
    if not copy.is_file():
        raise StoreError(data, "", f'no survey "{survey_id}" in this data folder')
    device = _device(data)
    survey = surveys.load(copy)
    if survey.id != survey_id:
        raise StoreError(copy, "", f'is survey "{survey.id}", not "{survey_id}"; it was edited or moved')
    logs, keys, torn = _collect(folder)
    if not logs:
        raise StoreError(folder, "", "no logs to export: no interview was recorded for this survey here")
    files = [(SURVEY_FILE, copy.read_bytes())]
    log_entries, key_entries, torn_entries = [], [], []
    snapshots = {path.name: read_snapshot(path) for path in logs}
    for name, (blob, key) in snapshots.items():
        found = scan(blob, name)  # why: names, not laptop paths, in a file that travels
        log_entries.append({**_entry(name, blob), "records": len(found.frames),
                            "problems": [str(p) for p in found.problems]})
        files.append((name, blob))
        if key is not None:
            key_entries.append(_entry(name + ".key", key))
            files.append((name + ".key", key))
    # a key file whose log is gone still goes: it is evidence for the verifier
    others = [(path, path.name, key_entries) for path in keys if path.name[:-4] not in snapshots]
    for path, member, entries in others + [(path, TORN_DIR + path.name, torn_entries) for path in torn]:
        blob = path.read_bytes()
        entries.append(_entry(path.name, blob))
        files.append((member, blob))
    manifest = {"format": FORMAT, "survey": survey_id, "device": device,
                "exported": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "rrdesk": rrdesk.__version__,
                "survey_file": _entry(SURVEY_FILE, files[0][1]),
                "logs": log_entries, "keys": sorted(key_entries, key=lambda e: e["name"]),
                "torn": torn_entries}
    text = json.dumps(manifest, indent=2, ensure_ascii=True) + "\n"
    files.append((MANIFEST, text.encode("ascii")))
    return files, survey.recipients, device


def _tar(files: list[tuple[str, bytes]]) -> bytes:
    """A deterministic tar: same files, same bytes (no times, owners or modes of the laptop)."""
    out = io.BytesIO()
    # why: PAX only adds a header for a name over 100 bytes (torn files); with an integer
    # mtime it never records a timestamp, so the archive reveals nothing about when or who.
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in sorted(files):
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode, info.type = len(data), 0, 0o644, tarfile.REGTYPE
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def _final_name(dest: Path, survey_id: str, device: str, now: datetime) -> Path:
    stem = f"{survey_id}_{device[:8]}_{now.strftime('%Y%m%dT%H%M%SZ')}"
    path, n = dest / (stem + SUFFIX), 1
    # why: two exports within one second must give two files; a rename never replaces a bundle
    while os.path.lexists(path) or os.path.lexists(path.with_name(path.name + ".part")):
        path, n = dest / f"{stem}-{n}{SUFFIX}", n + 1
    return path


def export(data: Path, survey_id: str, dest: Path, *, ops: BundleOps | None = None,
           now: datetime | None = None) -> Path:
    """Write one survey's logs from ``data`` as a verified bundle in ``dest``; return its path.

    Reads the data folder and never changes it. The bundle is
    ``dest/<survey id>_<first 8 hex of the device id>_<UTC YYYYMMDDTHHMMSSZ>.tar.age``
    (``-1``, ``-2``… before ``.tar.age`` if that name is taken), sealed to the recipients of
    ``data/<survey id>/survey.toml`` (FORMAT.md §2).

    Parameters
    ----------
    data : Path
        The data folder (FORMAT.md §3).
    survey_id : str
        The survey to export.
    dest : Path
        An existing folder, typically on a USB stick.
    ops : BundleOps, optional
        The OS calls of the write path (tests inject faults here).
    now : datetime, optional
        The export time (timezone-aware); the current UTC time by default.

    Raises
    ------
    StoreError
        An unknown survey, a folder without logs, or a write that failed -- then nothing with
        the bundle's name or a ``.part`` is left behind ("export failed: …; nothing was exported").
    SurveyError
        The data folder's copy of the survey file cannot be read.
    """
    ops = ops or BundleOps()
    data, dest = Path(data), Path(dest)
    now = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    if not dest.is_dir():
        raise StoreError(dest, "", "export failed: no such folder; nothing was exported")
    try:
        files, recipients, device = _contents(data, survey_id, now)
    except OSError as error:
        raise StoreError(getattr(error, "filename", None) or data, "",
                         f"export failed: cannot read: {os_reason(error)}; nothing was exported") from None
    sealed = age.encrypt(_tar(files), recipients)
    if len(sealed) > MAX_BUNDLE:
        raise StoreError(data / survey_id, "", "export failed: the logs are larger than a bundle "
                                               "may be (2 GiB); nothing was exported")
    final = _final_name(dest, survey_id, device, now)
    _write_verified(ops, final, sealed)
    return final


def _write_verified(ops: BundleOps, final: Path, sealed: bytes) -> None:
    """``.part``, write, fsync, close, read back and compare, rename, fsync the folder."""
    part = final.with_name(final.name + ".part")
    made: list[Path] = []
    try:
        fd = ops.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        made.append(part)
        try:
            write_all(ops, fd, sealed)
            ops.fsync(fd)
        finally:
            ops.close(fd)
        if hashlib.sha256(ops.read_back(part)).digest() != hashlib.sha256(sealed).digest():
            raise OSError(errno.EIO, "what was read back differs from what was written")
        ops.replace(part, final)
        made.append(final)
        ops.fsync_dir(final.parent)
    except OSError as error:
        for path in made:
            try:
                ops.remove(path)
            except OSError:
                pass  # best effort: the folder may be gone with the stick
        raise StoreError(final, "", f"export failed: {os_reason(error)}; nothing was exported") from error


# -- reading a bundle ----------------------------------------------------------------------


def _show(name: str) -> str:
    """A member name as safe to print (a hostile name may hold terminal escapes)."""
    return ascii(name[:100])


def open_bundle(path: Path, identities: Sequence[age.Identity]) -> Bundle:
    """Decrypt ``path`` with ``identities`` and check every file against the manifest.

    Raises
    ------
    BundleError
        "not an rrdesk bundle (…)", "cannot decrypt with this identity", "damaged (…)",
        "manifest …"; always naming the bundle file.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BUNDLE:
            raise BundleError(path, "", "not an rrdesk bundle (larger than 2 GiB)")
        sealed = path.read_bytes()
    except FileNotFoundError:
        raise BundleError(path, "", "no such file") from None
    except OSError as error:
        raise BundleError(path, "", f"cannot be read: {os_reason(error)}") from None
    if not sealed.startswith(_AGE_MAGIC):
        raise BundleError(path, "", "not an rrdesk bundle (not an age file)")
    try:
        plain = age.decrypt(sealed, identities)
    except age.NoMatchError:
        raise BundleError(path, "", "cannot decrypt with this identity (it is sealed to another key, "
                                    "or its header is damaged)") from None
    except age.AgeError as error:
        raise BundleError(path, "", f"damaged ({error})") from None
    members = _members(path, plain)
    manifest = _manifest(path, members.pop(MANIFEST, None))
    listed = {SURVEY_FILE: manifest["survey_file"]}
    listed.update((e["name"], e) for e in manifest["logs"])
    listed.update((e["name"], e) for e in manifest["keys"])
    listed.update((TORN_DIR + e["name"], e) for e in manifest["torn"])
    for name in members:
        if name not in listed:
            raise BundleError(path, "", f"not an rrdesk bundle (member {_show(name)} is not listed in the manifest)")
    for name, entry in listed.items():
        blob = members.get(name)
        if blob is None:
            raise BundleError(path, "", f"manifest lists {_show(name)}, which the bundle does not hold")
        if len(blob) != entry["size"] or _sha(blob) != entry["sha256"]:
            raise BundleError(path, "", f"manifest: {_show(name)} does not match its size and sha256")
    return Bundle(manifest=manifest, survey_text=members[SURVEY_FILE],
                  logs={e["name"]: members[e["name"]] for e in manifest["logs"]},
                  keys={e["name"]: members[e["name"]] for e in manifest["keys"]},
                  torn={e["name"]: members[TORN_DIR + e["name"]] for e in manifest["torn"]}, path=path)


def _expected(name: str) -> bool:
    if name.startswith(TORN_DIR):
        return bool(TORN_NAME.match(name[len(TORN_DIR):]))
    return name in (MANIFEST, SURVEY_FILE) or bool(LOG_NAME.match(name) or KEY_NAME.match(name))


def _members(path: Path, plain: bytes) -> dict[str, bytes]:
    """The tar's members by name; strict: regular files with the expected names only."""
    def refuse(name: str, what: str) -> BundleError:
        return BundleError(path, "", f"not an rrdesk bundle (member {_show(name)} {what})")

    found: dict[str, bytes] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(plain), mode="r:") as tar:
            for member in tar:
                name = member.name
                if member.type not in (tarfile.REGTYPE, tarfile.AREGTYPE) or member.issparse():
                    raise refuse(name, "is not a regular file")
                if name.startswith("/") or "\\" in name or ".." in name.split("/") or not _expected(name):
                    raise refuse(name, "is unexpected")
                if name in found or member.size > MAX_BUNDLE:
                    raise refuse(name, "appears twice" if name in found else "is too large")
                extracted = tar.extractfile(member)
                found[name] = extracted.read() if extracted else b""
                if len(found[name]) != member.size:
                    raise BundleError(path, "", f"damaged (member {_show(name)} is cut short)")
            end = tar.offset
    except (tarfile.TarError, EOFError, ValueError, UnicodeError, OverflowError):
        raise BundleError(path, "", "not an rrdesk bundle (not a tar archive)") from None
    # why: tarfile stops quietly at a damaged header after the first; whatever follows the
    # end of the archive must be its zero padding, never unread data
    if plain[end:].strip(b"\0"):
        raise BundleError(path, "", "not an rrdesk bundle (data after the end of the archive)")
    return found


def _is_survey_id(value: Any) -> bool:
    return isinstance(value, str) and SURVEY_ID.fullmatch(value.encode("ascii", "replace")) is not None \
        and len(value) <= MAX_SURVEY_ID


def _manifest(path: Path, raw: bytes | None) -> dict[str, Any]:
    """The manifest, checked field by field (every file entry: a safe name, a size, a sha256)."""
    def bad(what: str) -> BundleError:
        return BundleError(path, "", f"manifest {what}")

    if raw is None:
        raise BundleError(path, "", "not an rrdesk bundle (no manifest.json)")
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: hostile nesting
        raise bad("is not JSON") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise bad(f'is not "{FORMAT}"')
    if set(manifest) != _MANIFEST_KEYS:
        raise bad(f"must have exactly the fields {', '.join(sorted(_MANIFEST_KEYS))}")
    fields = (_is_survey_id(manifest["survey"]), isinstance(manifest["device"], str)
              and _HEX32.match(manifest["device"]), isinstance(manifest["exported"], str),
              isinstance(manifest["rrdesk"], str), all(isinstance(manifest[k], list) for k in _LISTS))
    if not all(fields):
        raise bad("has a field of the wrong kind (survey, device, exported, rrdesk, logs, keys or torn)")
    entries = [(manifest["survey_file"], re.compile(re.escape(SURVEY_FILE) + r"\Z"), _FILE_KEYS)]
    entries += [(e, pattern, _LOG_KEYS if key == "logs" else _FILE_KEYS)
                for key, pattern in _LISTS.items() for e in manifest[key]]
    for value, pattern, keys in entries:
        if (not isinstance(value, dict) or set(value) != keys or not isinstance(value["name"], str)
                or type(value["size"]) is not int or value["size"] < 0
                or not isinstance(value["sha256"], str) or not _HEX64.match(value["sha256"])
                or keys is _LOG_KEYS and (type(value["records"]) is not int or value["records"] < 0
                                          or not isinstance(value["problems"], list)
                                          or not all(isinstance(p, str) for p in value["problems"]))):
            raise bad(f"has a malformed file entry (each has exactly {', '.join(sorted(keys))})")
        if not pattern.match(value["name"]):
            raise bad(f"has a file entry with an unexpected name {_show(value['name'])}")
    for key in _LISTS:
        names = [value["name"] for value in manifest[key]]
        if len(set(names)) != len(names):
            raise bad(f'lists a file twice in "{key}"')
    if not manifest["logs"]:
        raise bad("lists no log")
    return manifest
