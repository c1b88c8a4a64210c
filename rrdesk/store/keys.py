"""Key files on disk: the I/O around ``rrdesk.store.age``'s and ``minisign.py``'s pure key handling.

An identity file is the coordinator's secret key in ``age-keygen``'s format, so the
standard ``age -d -i FILE`` reads it too; a signing key is in ``minisign -G -W``'s format, so
``minisign -S`` signs with it and ``minisign -V`` checks what rrdesk signed. Writing one never replaces an existing file
(losing a coordinator's key loses every record sealed to it), and the file is private
(mode 0600) from the moment it exists, not after a later chmod.
"""
from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from rrdesk.core.errors import InputError
from rrdesk.core.fileio import OsOps, flush, fsync_dir, read_text, remove_quietly, write_all
from rrdesk.store import age, minisign

MAX_IDENTITY_FILE = 1 << 20
# why: an identity file is a few hundred bytes (about 190 per key); 1 MiB is far above
# any real one and stops us reading a wrongly chosen disk image or log into memory.

_PRIVATE = 0o600  # why: only the owner may read or write a secret key file
_PUBLIC = 0o644   # why: a public key is meant to be read by anyone; only the owner may change it


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
    when = created if created is not None else datetime.now(timezone.utc).replace(microsecond=0)
    create_key_file(Path(path), age.identity_file_text(identity, when).encode("ascii"))


def write_signing_key(path: str | Path, key: minisign.SecretKey) -> None:
    """Create ``path`` holding ``key`` as ``minisign -G -W`` would (private, never overwritten)."""
    create_key_file(Path(path), key.text("rrdesk signing key (minisign, no password)").encode("ascii"))


def write_public_key(path: str | Path, key: minisign.PublicKey) -> None:
    """Create ``path`` holding the public ``key`` as ``minisign -G`` writes ``minisign.pub``."""
    create_key_file(Path(path), key.text().encode("ascii"), mode=_PUBLIC)


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
