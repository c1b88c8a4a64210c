"""Key files on disk: the I/O around ``rrdesk.store.age``'s and ``minisign.py``'s pure key handling.

An identity file is the coordinator's secret key in ``age-keygen``'s format, so the
standard ``age -d -i FILE`` reads it too; a signing key is in ``minisign -G -W``'s format, so
``minisign -S`` signs with it and ``minisign -V`` checks what rrdesk signed. Writing one never replaces an existing file
(losing a coordinator's key loses every record sealed to it), and the file is private
(mode 0600) from the moment it exists, not after a later chmod.
"""
from __future__ import annotations

import errno
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Sequence

from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import InputError, os_reason
from rrdesk.core.fileio import FileOps, OsOps, flush, fsync_dir, mapped, read_text, remove_quietly, write_all
from rrdesk.store import age, minisign

MAX_IDENTITY_FILE = 1 << 20
# why: an identity file is a few hundred bytes (about 190 per key); 1 MiB is far above
# any real one and stops us reading a wrongly chosen disk image or log into memory.

_PRIVATE = 0o600  # why: only the owner may read or write a secret key file
_PUBLIC = 0o644   # why: a public key is meant to be read by anyone; only the owner may change it


PRIVATE, PUBLIC = _PRIVATE, _PUBLIC


def identity_bytes(identity: age.Identity, created: datetime | None = None) -> bytes:
    """``identity`` as ``age-keygen`` writes it (created now, in UTC, by default)."""
    when = created if created is not None else datetime.now(timezone.utc).replace(microsecond=0)
    return age.identity_file_text(identity, when).encode("ascii")


def signing_key_bytes(key: minisign.SecretKey) -> bytes:
    """``key`` as ``minisign -G -W`` writes it."""
    return key.text("rrdesk signing key (minisign, no password)").encode("ascii")


def public_key_bytes(key: minisign.PublicKey) -> bytes:
    """The public ``key`` as ``minisign -G`` writes ``minisign.pub``."""
    return key.text().encode("ascii")


def write_identity(path: str | Path, identity: age.Identity, *,
                   created: datetime | None = None) -> None:
    """Create ``path`` holding ``identity`` as ``age-keygen`` would write it.

    The file is created with ``O_CREAT | O_EXCL`` and mode 0600 (so it never exists
    with a wider mode, and an existing file is never touched), written, and flushed to
    disk together with its directory entry. If writing fails the partial file is
    removed. ``created`` defaults to now, in UTC.

    Raises
    ------
    InputError
        The file already exists, or cannot be created or written.
    """
    create_key_file(Path(path), identity_bytes(identity, created))


def write_signing_key(path: str | Path, key: minisign.SecretKey) -> None:
    """Create ``path`` holding ``key`` as ``minisign -G -W`` would (private, never overwritten)."""
    create_key_file(Path(path), signing_key_bytes(key))


def write_public_key(path: str | Path, key: minisign.PublicKey) -> None:
    """Create ``path`` holding the public ``key`` as ``minisign -G`` writes ``minisign.pub``."""
    create_key_file(Path(path), public_key_bytes(key), mode=_PUBLIC)


def create_key_file(path: Path, data: bytes, *, mode: int = _PRIVATE) -> None:
    """Create ``path`` with ``data``: exclusively, with exactly ``mode``, flushed with its folder.

    Raises
    ------
    InputError
        The file already exists, or cannot be created or written (a partial file is removed).
    """
    flags = (os.O_WRONLY | os.O_CREAT | os.O_EXCL
             | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        fd = os.open(path, flags, mode)
    except FileExistsError:
        raise InputError(path, "", "already exists; refusing to overwrite") from None
    except OSError as error:
        raise InputError(path, "", f"cannot create the file: {error.strerror}") from None
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)  # the umask can only narrow the mode; make it exact
        write_all(OsOps(), fd, data)
        flush(fd)
    except BaseException as error:
        os.close(fd)
        remove_quietly(path)  # never leave a partial key file behind
        if isinstance(error, OSError):
            raise InputError(path, "", f"cannot write the file: {error.strerror}") from None
        raise
    os.close(fd)
    try:
        fsync_dir(path.parent)
    except OSError as error:
        raise InputError(path, "", f"written, but its folder could not be flushed: {error.strerror}") \
            from None


_NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK})
# why: what link says on a filesystem without hard links (FAT), as fileio.create_once reads it
KEYGEN_TEMP = ".{name}.keygen-{token}.new"
# why: hidden, and named after the file it becomes and one token per run, so a retry after a
# crash finds exactly the files its unfinished run left (:func:`unfinished`)


def create_key_files(files: Sequence[tuple[Path, bytes, int]], ops: FileOps | None = None) -> None:
    """Create every ``(path, data, mode)`` of ``files``, or none of them.

    Each is first written to its own hidden temporary name beside it (exclusively, with exactly
    ``mode``, flushed); only once all are on the disk is each linked to its name (a link never
    replaces), then the folder is flushed and the temporary names removed. A failure before the
    links leaves nothing; a failure at a link removes the names linked so far. Only a crash
    between two links leaves some files and every temporary one: :func:`unfinished` finds them
    and :func:`finish` completes the run.

    Raises
    ------
    InputError
        A file exists already, or could not be created or written ("…; nothing was written").
    """
    ops = ops or OsOps()
    token = system_bytes(8).hex()
    temps: list[Path] = []
    linked: list[Path] = []
    for path, _, _ in files:
        if os.path.lexists(path):
            raise InputError(path, "", "already exists; refusing to overwrite")
    at = files[0][0]
    try:
        for path, data, mode in files:
            at = path
            _write_temp(ops, path.with_name(KEYGEN_TEMP.format(name=path.name, token=token)), data, mode, temps)
        for (path, _, _), temp in zip(files, temps):
            at = path
            _link(ops, temp, path)
            linked.append(path)
        at = files[0][0].parent
        ops.fsync_dir(at)
    except OSError as error:
        for path in linked:
            remove_quietly(path)
        raise InputError(at, "", f"cannot write the file: {os_reason(error)}; nothing was written") from None
    except BaseException:
        for path in linked:
            remove_quietly(path)
        raise
    finally:
        for temp in temps:
            remove_quietly(temp)


def _write_temp(ops: FileOps, temp: Path, data: bytes, mode: int, made: list[Path]) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = ops.open(temp, flags, mode)
    made.append(temp)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)  # the umask can only narrow the mode; make it exact
        write_all(ops, fd, data)
        ops.fsync(fd)
    finally:
        ops.close(fd)


def _link(ops: FileOps, temp: Path, path: Path) -> None:
    """``temp`` given the name ``path``, never replacing a file there."""
    try:
        ops.link(temp, path)
    except OSError as error:
        if error.errno not in _NO_LINKS or os.path.lexists(path):
            raise
        ops.replace(temp, path)  # no hard links on this filesystem (FAT): a rename, checked just before


def unfinished(files: Sequence[Path]) -> dict[Path, Path] | None:
    """The temporary files an unfinished :func:`create_key_files` of ``files`` left (path → its
    temporary file), when one run left a temporary file for each, every one of ``files`` that
    exists holds exactly its temporary file's bytes, and at least one is missing; else None."""
    first = Path(files[0])
    pattern = KEYGEN_TEMP.format(name=first.name, token="*")
    for temp in sorted(first.parent.glob(pattern)):
        token = temp.name[len(f".{first.name}.keygen-"):-len(".new")]
        found = {Path(path): Path(path).with_name(KEYGEN_TEMP.format(name=Path(path).name, token=token))
                 for path in files}
        try:
            if not all(t.is_file() for t in found.values()):
                continue
            if all(p.exists() for p in found):
                continue
            if all(not p.exists() or p.read_bytes() == t.read_bytes() for p, t in found.items()):
                return found
        except OSError:
            continue
    return None


def forget_unfinished(files: Sequence[Path]) -> None:
    """Remove the temporary files a run of :func:`create_key_files` for ``files`` left before it
    linked any of them (a crash, a power cut): keys nobody ever saw, never to be used."""
    for path in files:
        for temp in Path(path).parent.glob(KEYGEN_TEMP.format(name=Path(path).name, token="*")):
            remove_quietly(temp)


def finish(found: dict[Path, Path], ops: FileOps | None = None) -> None:
    """Complete an unfinished :func:`create_key_files` (:func:`unfinished`): link each missing
    file from its temporary file, flush the folder, remove the temporary files."""
    ops = ops or OsOps()
    for path, temp in found.items():
        if not os.path.lexists(path):
            with mapped(path, "could not be written"):
                _link(ops, temp, path)
    first = next(iter(found))
    with mapped(first.parent, "could not be flushed"):
        ops.fsync_dir(first.parent)
    for temp in found.values():
        remove_quietly(temp)


def load_signing_key(path: str | Path) -> minisign.SecretKey:
    """The minisign secret key in the file at ``path`` (unencrypted; see :mod:`minisign`)."""
    return minisign.read_secret(_key_text(path, "a minisign secret key"), str(path))


def load_public_key(path: str | Path) -> minisign.PublicKey:
    """The minisign public key in the file at ``path``."""
    return minisign.read_public(_key_text(path, "a minisign public key"), str(path))


def _key_text(path: str | Path, kind: str) -> str:
    return read_text(path, MAX_IDENTITY_FILE, error=InputError, missing="no such file",
                     unreadable="cannot read the file", too_large=f"larger than 1 MiB; not {kind}",
                     bad_byte=("line {line}", f"not {kind}"))


def load_identities(path: str | Path) -> list[age.Identity]:
    """Every identity in the identity file at ``path``.

    Raises
    ------
    InputError
        ``FILE: line N: not an age identity (AGE-SECRET-KEY-1…)``, a file that is
        missing, unreadable, larger than 1 MiB, not UTF-8 text, or holds no identity.
        (The errors about the content are :class:`age.IdentityFileError`, an
        ``InputError``.)
    """
    text = read_text(path, MAX_IDENTITY_FILE, error=InputError, missing="no such file",  # regular files only
                     unreadable="cannot read the file", too_large="larger than 1 MiB; not an age identity file",
                     bad_byte=("line {line}", "not an age identity (AGE-SECRET-KEY-1…)"))
    return age.read_identities(text, str(path))
