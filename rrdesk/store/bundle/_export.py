"""Export bundles: one survey's logs from one laptop, sealed for the coordinator.

``rrdesk/store/FORMAT.md`` §2 is the spec. A bundle is an age file (sealed to the survey's
recipients) holding a deterministic POSIX tar, so ``age -d -i KEY FILE | tar x`` opens it
without rrdesk. An export is complete and verified or it does not exist (docs/ARCHITECTURE.md, threat
model 4): it is written as ``<name>.part``, flushed, read back from the disk and compared, and
only then renamed into place. A bundle is hostile input for whoever opens it (threat model 5):
:func:`open_bundle` reads it strictly and checks every file against the manifest (it lives in
``_bundle_open`` with the names and limits of a bundle; all are re-exported here).

Use::

    path = export(data, "workplace-2026", usb_stick)      # the CLI prints the path
    bundle = open_bundle(path, load_identities("coordinator-key.txt"))
"""
from __future__ import annotations

import errno
import os
import stat
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator

import rrdesk
from rrdesk.core import survey as surveys
from rrdesk.core.errors import StoreError, os_reason
from rrdesk.core.fileio import SIDE_FILE_LIMIT, OsOps, open_capped, read_capped, read_capped_if_present
from rrdesk.store import trusted
from rrdesk.store.bundle._mounts import device_name
from rrdesk.store.bundle._open import (
    FORMAT,
    HEX32,
    KEY_NAME,
    LOG_NAME,
    MANIFEST,
    MAX_BUNDLE,
    MAX_SMALL,
    SUFFIX,
    SURVEY_FILE,
    SURVEY_SIGNATURE,
    TORN_DIR,
    TORN_NAME,
    VERSION_NAME,
    VERSIONS_DIR,
    is_survey_id,
    sha256_of,
)
from rrdesk.store.bundle._read_back import read_back
from rrdesk.store.bundle._write import (
    Changed,
    Member,
    Sums,
    Unreadable,
    log_entry,
    manifest_bytes,
    sealed_size,
    write_tar,
)
from rrdesk.store.folder import VERSIONS
from rrdesk.store.laptop import MAX_SIGNATURE, SIGNATURE, laptop_key, sign_manifest
from rrdesk.store.log import SUFFIX as HEADER_SIGNATURE
from rrdesk.store.log import key_path, signature_path

__all__ = ["BundleOps", "export", "on_same_disk", "read_snapshot"]

LeftOut = dict[str, str]  # a side file left out of a bundle → why, as the operating system said it
_SNAPSHOT_TRIES = 3  # why: a key update takes microseconds; three reads that all race one is a bug


class BundleOps(OsOps):
    """The OS calls of an export's write path; tests replace it to inject faults."""

    def read_back(self, path: Path) -> Iterator[bytes]:
        """Read ``path`` again, in pieces, from the device where the OS allows it (``_read_back``)."""
        return read_back(path)

    def remove(self, path: Path) -> None:
        os.unlink(path)


def _entry(name: str, data: bytes) -> dict[str, Any]:
    return {"name": name, "size": len(data), "sha256": sha256_of(data)}


def read_snapshot(log: Path) -> tuple[bytes, bytes | None]:
    """One log and its key file as they stood at one moment, each read once (see :func:`snapshot`)."""
    fd, size, key = snapshot(log)
    try:
        data = os.pread(fd, size, 0)
    finally:
        os.close(fd)
    return data, key


def snapshot(log: Path, left_out: LeftOut | None = None) -> tuple[int, int, bytes | None]:
    """A log open for reading, its size and its key file, as they stood at one moment.

    A writer may append meanwhile (a frame, then the key). Reading the key file before and
    after taking the log's size, and retrying when it changed, gives a key whose index is the
    log's frame count (in its first ``size`` bytes) or one less -- the two states a writer ever
    leaves -- so an export never shows a verifier a key that runs ahead of its log. The log's
    first ``size`` bytes never change after that (it only grows), so the caller reads them
    when it needs them. With ``left_out``, a key file that cannot be read (a folder, a FIFO, a
    device, too large, a read error) is left out and noted there instead of raising.
    """
    keys = key_path(log)
    for attempt in range(_SNAPSHOT_TRIES):
        before = _read(keys, left_out)
        fd, size = _open_log(log)
        if _read(keys, left_out) == before or attempt == _SNAPSHOT_TRIES - 1:
            return fd, size, before
        os.close(fd)
    raise AssertionError("unreachable")


def _open_log(log: Path) -> tuple[int, int]:
    """A log to export open for reading (hostile input: regular files only, at most a bundle's
    size), and its size now; tests wrap it."""
    fd = open_capped(log, MAX_BUNDLE)
    return fd, os.fstat(fd).st_size


def _read(path: Path, left_out: LeftOut | None = None) -> bytes | None:
    """A key file to export, read as hostile input (regular files only, at most
    ``SIDE_FILE_LIMIT``: a key file is 102 bytes), or None if it is gone (or, with ``left_out``,
    cannot be read)."""
    return _side(path, SIDE_FILE_LIMIT, left_out)


def _side(path: Path, limit: int, left_out: LeftOut | None) -> bytes | None:
    """A side file to export (a key file, a signature, a torn tail, a kept version), read as
    hostile input: a regular file of at most ``limit`` bytes, opened without blocking (a FIFO
    never hangs) and never read past ``limit`` (a link to ``/dev/zero`` never fills memory).
    None if it is missing; one that cannot be read is noted in ``left_out`` (None: raised).

    Why leave it out rather than stop: each is evidence beside a log, not the records; the
    bundle without it still carries every record, and the verifier says what is missing
    (FORMAT.md §2.5).
    """
    try:
        return read_capped_if_present(path, limit)
    except OSError as error:
        if left_out is None:
            raise
        left_out[str(path)] = os_reason(error)
        return None


def _header_signature(log: Path, left_out: LeftOut | None = None) -> bytes | None:
    """The log's header signature to export (FORMAT.md §1.11), read as hostile input (regular files
    only, at most a signature's size), or None if it has none (or it is left out)."""
    return _side(signature_path(log), MAX_SIGNATURE, left_out)


def _device(data: Path) -> str:
    path = data / "device-id"
    try:
        text = read_capped(path, SIDE_FILE_LIMIT).decode("ascii").strip()
    except FileNotFoundError:
        raise StoreError(path, "", "missing: this is not an rrdesk data folder") from None
    except OSError as error:
        raise StoreError(path, "", f"cannot be read: {os_reason(error)}; nothing was exported") from None
    except UnicodeDecodeError:
        raise StoreError(path, "", "not a device id (32 hex digits); it was edited or damaged") from None
    if not HEX32.match(text):
        raise StoreError(path, "", "not a device id (32 hex digits); it was edited or damaged")
    return text


def _collect(folder: Path) -> tuple[list[Path], list[Path], list[Path]]:
    """The survey folder's logs, key files and torn-tail side files (regular files only)."""
    logs: list[Path] = []
    keys: list[Path] = []
    torn: list[Path] = []
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


def _kept_versions(kept: Path, left_out: LeftOut) -> list[tuple[str, bytes]]:
    """The survey copies of earlier versions (and their signatures) in ``DATA/<id>/versions`` (§3)."""
    if not kept.exists() or not stat.S_ISDIR(kept.lstat().st_mode):
        return []  # why: never follow a link out of the data folder into a bundle
    found = []
    for path in sorted(kept.iterdir()):
        if not stat.S_ISREG(path.lstat().st_mode) or path.name.endswith(".new"):
            continue  # the .new file of an interrupted write
        if not VERSION_NAME.match(path.name):
            raise StoreError(path, "", "a file name rrdesk does not write; move it out of the folder to export")
        blob = _side(path, MAX_SMALL, left_out)
        if blob is not None:
            found.append((path.name, blob))
    return found


def _left_out_entries(folder: Path, left_out: LeftOut, held: set[str]) -> list[dict[str, str]]:
    """The manifest's ``left_out`` (FORMAT.md §2.4): each side file of the survey folder left out,
    by the member name it would have had, and why (printable ASCII, at most 200 characters).
    A file read at a later try (a key file is read again for the snapshot) is held, not left out:
    it is dropped from ``left_out`` too, so no warning says otherwise."""
    said: dict[str, str] = {}
    for file, why in list(left_out.items()):
        path = Path(file)
        if path.parent == folder / VERSIONS:
            name = VERSIONS_DIR + path.name
        elif path.parent == folder:
            name = TORN_DIR + path.name if TORN_NAME.match(path.name) else path.name
        else:
            continue  # coordinator.trust: the manifest's trusted_keys says "damaged" (§2.4)
        if name in held:
            del left_out[file]
            continue
        text = "".join(c if " " <= c <= "~" else "?" for c in why)[:200] or "cannot be read"
        said[name] = text
    return [{"name": name, "why": said[name]} for name in sorted(said)]


def _written(members: list[Member], name: str) -> bytes:
    """The bytes of member ``name``, made by the time a member after it is (the manifest)."""
    data = next(m.data for m in members if m.name == name)
    if data is None:
        raise ValueError(f"{name} is written after the member that needs it")
    return data


def _contents(data: Path, survey_id: str, now: datetime, left_out: LeftOut) -> tuple[list[Member], dict[str, Any],
                                                                                     tuple[str, ...], str]:
    """The bundle's files (the logs open at their snapshot, to be read as the bundle is
    written), the manifest but its log entries, the recipients to seal to, the device id; the
    side files that could not be read are noted in ``left_out`` (:func:`_side`)."""
    if not is_survey_id(survey_id):
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
    signer = laptop_key(data)  # made here if this laptop never made it (an older data folder)
    try:
        survey_text = read_capped(copy, MAX_SMALL)
    except OSError as error:  # why here: the line names the file, never only the data folder
        raise StoreError(copy, "", f"cannot be read: {os_reason(error)}; nothing was exported") from None
    members = [Member(SURVEY_FILE, data=survey_text)]
    signed = _side(folder / SURVEY_SIGNATURE, 1 << 16, left_out)  # the coordinator's, kept with the copy
    if signed is not None:
        members.append(Member(SURVEY_SIGNATURE, data=signed))
    key_entries: list[dict[str, Any]] = []
    torn_entries: list[dict[str, Any]] = []
    kept = _kept_versions(folder / VERSIONS, left_out)
    members += [Member(VERSIONS_DIR + name, data=blob) for name, blob in kept]
    try:
        for path in logs:
            fd, size, key = snapshot(path, left_out)
            members.append(Member(path.name, fd=fd, size=size, path=path, log=True))
            if key is not None:
                key_entries.append(_entry(path.name + ".key", key))
                members.append(Member(path.name + ".key", data=key))
            if (signed_header := _header_signature(path, left_out)) is not None:  # listed as key files are (§2.3)
                key_entries.append(_entry(path.name + HEADER_SIGNATURE, signed_header))
                members.append(Member(path.name + HEADER_SIGNATURE, data=signed_header))
        # a key file whose log is gone still goes: it is evidence for the verifier
        names = {m.name for m in members}
        others = [(path, path.name, key_entries, SIDE_FILE_LIMIT) for path in keys
                  if path.name not in names and str(path) not in left_out]
        for path, member, entries, limit in others + [(path, TORN_DIR + path.name, torn_entries, MAX_BUNDLE)
                                                      for path in torn]:
            if (blob := _side(path, limit, left_out)) is None:
                continue
            entries.append(_entry(path.name, blob))
            members.append(Member(member, data=blob))
    except BaseException:
        _close(members)
        raise
    manifest = {"format": FORMAT, "survey": survey_id, "device": device,
                "exported": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "rrdesk": rrdesk.__version__,
                "survey_file": _entry(SURVEY_FILE, survey_text), "logs": [],
                "keys": sorted(key_entries, key=lambda e: e["name"]), "torn": torn_entries,
                "signer": signer.public().fingerprint,
                "survey_signature": None if signed is None else _entry(SURVEY_SIGNATURE, signed)}
    if kept:  # why: absent when no version is kept, so such a bundle opens in older rrdesk too
        manifest["versions"] = [_entry(name, blob) for name, blob in kept]
    changes = trusted.manifest_entries(data, now.strftime("%Y-%m-%d"))  # a replaced or restored key, seen
    if changes is not None and any(change["how"] == trusted.DAMAGED for change in changes):
        left_out[str(data / trusted.TRUST_FILE)] = "cannot be read (the manifest says the trusted key is damaged)"
    if changes is not None:  # why: absent while the first key is the only one, as versions (§2.4)
        manifest["trusted_keys"] = changes
    held = {m.name for m in members}  # why: a key file read at a second try is held, not left out
    if said := _left_out_entries(folder, left_out, held):
        manifest["left_out"] = said  # why: absent when nothing was left out, as versions (§2.4)
    members.append(Member(MANIFEST))
    members.append(Member(SIGNATURE, make=lambda made: sign_manifest(signer, _written(made, MANIFEST), survey_id, device)))
    return members, manifest, survey.recipients, device


def _close(members: list[Member]) -> None:
    for member in members:
        if member.fd is not None:
            os.close(member.fd)
            member.fd = None


def _final_name(dest: Path, survey_id: str, device: str, now: datetime) -> Path:
    stem = f"{survey_id}_{device[:8]}_{now.strftime('%Y%m%dT%H%M%SZ')}"
    path, n = dest / (stem + SUFFIX), 1
    # why: two exports within one second must give two files; a rename never replaces a bundle
    while os.path.lexists(path) or os.path.lexists(path.with_name(path.name + ".part")):
        path, n = dest / f"{stem}-{n}{SUFFIX}", n + 1
    return path


def on_same_disk(data: Path, dest: Path) -> str | None:
    """The device's name (:func:`device_name`) when ``dest`` is on the filesystem that holds the
    data folder ``data`` -- a copy there is lost with the laptop -- else None (also when either
    cannot be looked at: the export itself then says why)."""
    try:
        return _same_device(data, os.stat(dest), dest)
    except OSError:
        return None


def _same_device(data: Path, chosen: os.stat_result, dest: Path) -> str | None:
    try:
        return device_name(dest) if os.stat(data).st_dev == chosen.st_dev else None
    except OSError:
        return None  # no data folder: the export says so by name


def export(data: Path, survey_id: str, dest: Path, *, same_disk: bool = True, ops: BundleOps | None = None,
           left_out: LeftOut | None = None,
           now: datetime | None = None) -> Path:
    """Write one survey's logs from ``data`` as a verified bundle in ``dest``; return its path.

    Reads the data folder and never changes it: no lock, no recovery, no byte written there,
    so a data folder on a full disk exports. The bundle is
    ``dest/<survey id>_<first 8 hex of the device id>_<UTC YYYYMMDDTHHMMSSZ>.tar.age``
    (``-1``, ``-2``… before ``.tar.age`` if that name is taken), sealed to the recipients of
    ``data/<survey id>/survey.toml`` (FORMAT.md §2). After the rename it checks that the
    bundle is in the very folder chosen, on the device it was on when the export began (and
    that a mount point still is one): a USB stick pulled out or unmounted meanwhile is a
    failure, never a bundle written to the laptop's own disk.

    Parameters
    ----------
    data : Path
        The data folder (FORMAT.md §3).
    survey_id : str
        The survey to export.
    dest : Path
        An existing folder, typically on a USB stick.
    same_disk : bool
        False: refuse a ``dest`` on the data folder's filesystem (:func:`on_same_disk`); the
        command line and :func:`rrdesk.app.custody.export` refuse unless asked.
    ops : BundleOps, optional
        The OS calls of the write path (tests inject faults here).
    left_out : dict, optional
        Filled with the side files left out of the bundle because they could not be read (a
        key file, a header or survey signature, a torn tail, a kept version; a folder, FIFO,
        device, oversize file or read error in their place), file → reason; the rest is exported.
    now : datetime, optional
        The export time (timezone-aware); the current UTC time by default.

    Raises
    ------
    StoreError
        An unknown survey, a folder without logs, a refused destination, or a write that
        failed or did not land where it was meant to -- then nothing with the bundle's name
        or a ``.part`` is left behind ("export failed: …; nothing was exported").
    SurveyError
        The data folder's copy of the survey file cannot be read.
    """
    ops = ops or BundleOps()
    data, dest = Path(data), Path(dest)
    now = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    pin = _Chosen(dest)
    try:
        if not same_disk and (device := _same_device(data, pin.stat, dest)) is not None:
            raise StoreError(dest, "", f"export refused: this folder is on the same disk as the data "
                                       f"({device}), and a copy there is lost with the laptop; choose "
                                       "the USB stick (or, meaning it, --same-disk); nothing was exported")
        for _attempt in range(_SNAPSHOT_TRIES):
            # why everything again: a log cut while it was read was opened by a writer, which
            # may have evolved its key file and copied a torn tail aside; the bundle shows the
            # folder as one snapshot (FORMAT.md §2.5 step 2)
            noted: LeftOut = {}
            try:
                members, manifest, recipients, device = _contents(data, survey_id, now, noted)
            except OSError as error:
                raise StoreError(getattr(error, "filename", None) or data, "",
                                 f"export failed: cannot read: {os_reason(error)}; nothing was exported") from None
            try:
                _export(ops, data, survey_id, dest, now, pin, members, manifest, recipients, device)
                if left_out is not None:
                    left_out.update(noted)
                break
            except Changed:
                continue
            finally:
                _close(members)
        else:
            raise StoreError(data / survey_id, "", "export failed: a log kept changing while it was read "
                                                   "(is another program cutting it?); nothing was exported")
        final = pin.final
    finally:
        pin.close()
    return final


def _export(ops: BundleOps, data: Path, survey_id: str, dest: Path, now: datetime, pin: _Chosen,
            members: list[Member], manifest: dict[str, Any], recipients: tuple[str, ...], device: str) -> None:
    try:
        for member in members:  # rare: a log named after the manifest is read once beforehand
            if member.log and member.name > MANIFEST:
                member.entry = log_entry(member)
    except Unreadable as error:
        raise StoreError(error.path, "", f"export failed: cannot read: {os_reason(error.error)}; "
                                         "nothing was exported") from None
    if sealed_size(members, len(manifest_bytes(manifest, members)) + 200 * len(members)) > MAX_BUNDLE:
        raise StoreError(data / survey_id, "", "export failed: the logs are larger than a bundle "
                                               "may be (2 GiB); nothing was exported")
    pin.final = _final_name(dest, survey_id, device, now)
    _write_verified(ops, pin.final, lambda fd: write_tar(ops, fd, recipients, members, manifest), pin)


class _Chosen:
    """The destination folder as it was when the export began, held open (posix) so that its
    identity (device, inode) cannot change under us: a vfat stick's folder keeps its inode
    number only while the kernel keeps it."""

    def __init__(self, dest: Path) -> None:
        self.dest, self.fd = dest, None
        try:
            self.stat = os.stat(dest)
            if not stat.S_ISDIR(self.stat.st_mode):
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(dest))
            if os.name == "posix":
                self.fd = os.open(dest, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
                self.stat = os.fstat(self.fd)
        except OSError:
            raise StoreError(dest, "", "export failed: no such folder; nothing was exported") from None
        self.mount_point = os.path.ismount(dest)
        self.final = dest  # the bundle's path, once named

    def check(self, final: Path) -> None:
        """Raise OSError unless ``final`` is in the folder chosen, on its device, still mounted."""
        here, landed = os.stat(self.dest), os.stat(final)
        same_folder = (here.st_dev, here.st_ino) == (self.stat.st_dev, self.stat.st_ino)
        if not same_folder or landed.st_dev != self.stat.st_dev or self.mount_point and not os.path.ismount(self.dest):
            raise OSError(errno.ENODEV, "the folder is no longer on the device it was on when the export "
                                        "began (was the USB stick pulled out or unmounted?)")

    def forget(self, name: str) -> None:
        """Remove ``name`` from the folder held (best effort): after a stick was unmounted, the
        path no longer reaches what was written there, the held folder still does."""
        if self.fd is not None and os.unlink in os.supports_dir_fd:
            try:
                os.unlink(name, dir_fd=self.fd)
            except OSError:
                pass

    def close(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            os.close(fd)


def _sums(pieces: Iterator[bytes]) -> list[int]:
    """The CRC-32 of each MiB (``_bundle_write.PIECE``) of the bytes read back, however the reads cut them."""
    sums = Sums()
    for piece in pieces:
        sums.feed(piece)
    return sums.finish()


def _write_verified(ops: BundleOps, final: Path, write: Callable[[int], list[int]], chosen: _Chosen) -> None:
    """``.part``, write (``write(fd)`` returns the CRC-32 of each 1 MiB piece written), fsync, close,
    read back and compare, rename, fsync the folder, check that the bundle is where it was
    meant to be. :class:`Changed` (a log cut while read) leaves nothing and goes up."""
    part = final.with_name(final.name + ".part")
    made: list[Path] = []
    try:
        fd = ops.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        made.append(part)
        try:
            written = write(fd)
            ops.fsync(fd)
        finally:
            ops.close(fd)
        if _sums(ops.read_back(part)) != written:
            raise OSError(errno.EIO, "what was read back differs from what was written")
        ops.replace(part, final)
        made.append(final)
        ops.fsync_dir(final.parent)
        chosen.check(final)
    except BaseException as error:  # why any: a failing CSPRNG, an interrupt -- never a .part left behind
        for path in made:
            try:
                ops.remove(path)
            except OSError:
                pass  # best effort: the folder may be gone with the stick
            chosen.forget(path.name)
        if isinstance(error, Unreadable):
            raise StoreError(error.path, "", f"export failed: cannot read: {os_reason(error.error)}; "
                                             "nothing was exported") from None
        if isinstance(error, OSError):
            raise StoreError(final, "", f"export failed: {os_reason(error)}; nothing was exported") from error
        raise  # Changed (the caller starts over), RandomFailed, KeyboardInterrupt …
