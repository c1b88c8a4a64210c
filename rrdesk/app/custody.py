"""The chain of custody: the coordinator's keys, the laptop's exports, checking what arrived.

``rrdesk keygen``, ``export``, ``verify`` and ``extract`` (and the dashboard's Export) ask
here. The bytes are the store's (:mod:`rrdesk.store.keys`, :mod:`rrdesk.store.bundle._export`,
:mod:`rrdesk.store.verify._verify`); this module is where a use case of the custody chain is put
together, so that the command line and the GUI do the same thing in the same words.
"""
from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from rrdesk.app import inputs, trust
from rrdesk.app.enrollment import coordinator_laptops, merged_keys
from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import InputError, RRDeskError
from rrdesk.core.survey import load as load_survey
from rrdesk.store import age, bundle, keys, minisign
from rrdesk.store import verify as checks
from rrdesk.store.verify import Report

__all__ = ["BACKUP_ADVICE", "DISK_FULL", "NewKeys", "SAME_DISK_ENV", "Report", "destination_problem", "disk_full", "export", "extract",
           "keygen", "sign", "verify", "verify_all", "Verified", "where"]

DISK_FULL = "The laptop's disk is full: export the data, then free some space."
# why: an environment switch as well as --same-disk, for scripts (and the test suite) that
# export within one disk on purpose; only "1" turns the check off, never by accident.
SAME_DISK_ENV = "RRDESK_EXPORT_SAME_DISK"
_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))  # a quota full is a disk full to the user


@dataclass(frozen=True)
class NewKeys:
    """What :func:`keygen` wrote: the age identity and its recipient, the signing key pair."""

    identity: Path
    recipient: str
    signing_key: Path
    signing_public: Path
    fingerprint: str
    note: str = ""  # what a keygen run again did: finished an interrupted run, rebuilt the .pub


BACKUP_ADVICE = ("back up both secret files now, to two places off this computer (two USB sticks kept "
                 "apart, or printed on paper): without the identity file no record sealed to it can ever "
                 "be read; without the signing key the laptops refuse any change to your surveys")


def keygen(output: Path, *, post_quantum: bool = False) -> NewKeys:
    """The coordinator's keys: an age identity at ``output`` (its recipient goes into the survey's
    ``recipients``) and, beside it, a minisign signing key pair (``output`` ``.key`` →
    ``.minisign.key`` and ``.minisign.pub``) that signs surveys. All private files mode 0600,
    none ever overwritten: if any of the three exists, nothing is written. With
    ``post_quantum`` the identity is age's hybrid ML-KEM-768 + X25519 one (``age-keygen -pq``:
    ``AGE-SECRET-KEY-PQ-1…``, recipient ``age1pq1…``), whose records stay sealed against a
    future quantum computer; the signing key is minisign's Ed25519 either way."""
    output = Path(output)
    signing, public = trust.signing_key_paths(output)
    present = [path for path in (output, signing, public) if os.path.lexists(path)]
    if present:
        return _finish_keygen(output, signing, public, present)
    keys.forget_unfinished([output, signing, public])  # why: a run cut before its first link; never seen
    identity = age.Identity.generate(post_quantum=post_quantum, random=system_bytes)
    key = minisign.generate()
    keys.create_key_files([(output, keys.identity_bytes(identity), keys.PRIVATE),
                           (signing, keys.signing_key_bytes(key), keys.PRIVATE),
                           (public, keys.public_key_bytes(key.public()), keys.PUBLIC)])
    return NewKeys(output, identity.recipient, signing, public, key.public().fingerprint)


def _finish_keygen(output: Path, signing: Path, public: Path, present: list[Path]) -> NewKeys:
    """``keygen`` again where some of its files exist: finish a run a crash cut short (its
    temporary files are all there), rebuild a missing ``.minisign.pub`` from the secret key (as
    ``minisign -R`` does), or say exactly what to move aside; never overwrite a key."""
    if len(present) == 3:
        raise InputError(output, "", "already exists; refusing to overwrite")
    note = ""
    if (left := keys.unfinished([output, signing, public])) is not None:
        keys.finish(left)
        note = "finished the keys an interrupted rrdesk keygen began"
    elif present == [output, signing]:
        key = keys.load_signing_key(signing)
        keys.create_key_files([(public, keys.public_key_bytes(key.public()), keys.PUBLIC)])
        note = f"{public.name} was missing: made again from {signing.name} (as minisign -R does)"
    else:
        missing = [p.name for p in (output, signing, public) if p not in present]
        raise InputError(present[0], "", f"{' and '.join(p.name for p in present)} "
                         f"{'exists' if len(present) == 1 else 'exist'} but {' and '.join(missing)} "
                         f"{'does' if len(missing) == 1 else 'do'} not, and no interrupted rrdesk keygen left its "
                         f"files: to make new keys, move {' and '.join(str(p) for p in present)} aside first "
                         "(keep them: a secret key may be all that opens your records or signs your surveys); "
                         "nothing was written")
    identity = keys.load_identities(output)[0]
    key = keys.load_signing_key(signing)
    return NewKeys(output, identity.recipient, signing, public, key.public().fingerprint, note)


def sign(survey_path: Path, key_path: Path) -> tuple[Path, str]:
    """Check the survey at ``survey_path`` and sign it (``SURVEY.minisig``) with the signing key
    at ``key_path`` or beside the identity file ``key_path``; returns the signature's path and
    the key id."""
    survey = load_survey(survey_path)
    key = trust.load_signing_key(Path(key_path))
    return trust.sign_survey(survey, key), key.public().fingerprint


def export(data: Path, survey_id: str, dest: Path, *, same_disk: bool = False,
           left_out: dict[str, str] | None = None) -> Path:
    """One verified bundle of ``survey_id``'s records in ``dest``; return its path.

    Needs no open :class:`~rrdesk.app.interviews.Station`: it only reads the data folder (no
    lock, no recovery, no byte written there), so a folder that cannot be opened for
    interviews -- a full disk that stops a torn tail from being copied aside -- still
    exports. A ``dest`` on the data folder's disk is refused unless ``same_disk`` (ask
    :func:`destination_problem` first, and pass ``same_disk=True`` once the person
    confirmed), or the environment sets ``RRDESK_EXPORT_SAME_DISK=1``. The bundle is
    checked after its rename to be in the folder chosen, on the device chosen: name that
    device with :func:`where`.
    A side file that cannot be read (a log's key file or header signature, the survey's
    signature, a torn tail, a kept version) is left out and named in ``left_out`` (file →
    reason; show each in one line), and the rest is exported.

    Raises
    ------
    StoreError
        The destination was refused, or the export failed ("…; nothing was exported"):
        nothing claims to be a bundle then.
    SurveyError
        The data folder's copy of the survey cannot be read.
    """
    same_disk = same_disk or os.environ.get(SAME_DISK_ENV) == "1"
    return bundle.export(data, survey_id, dest, same_disk=same_disk, left_out=left_out)


def destination_problem(data: Path, dest: Path) -> str | None:
    """What is wrong with exporting ``data`` into the folder ``dest``, as a plain line for the
    person choosing it (None: nothing found). Checked before :func:`export`, which checks
    again: the folder is missing, cannot be written, is on the laptop's own disk with the data
    (then the person may confirm, and the GUI passes ``same_disk=True``), or is on a disk
    Linux does not call removable (a stick's empty mount folder after it was unmounted, a
    second internal disk: the person may confirm; :func:`export` itself does not refuse it)."""
    dest = Path(dest)
    if not dest.is_dir():
        return f"The folder {dest} cannot be found: is the USB stick plugged in?"
    if not os.access(dest, os.W_OK):
        return f"The folder {dest} cannot be written to: is the USB stick read-only or locked?"
    device = bundle.on_same_disk(Path(data), dest)
    if device is not None:
        return (f"The folder {dest} is on the laptop's own disk ({device}), like the data: a copy "
                "there is lost with the laptop. Choose the USB stick.")
    if bundle.removable(dest) is False:
        return (f"The folder {dest} is not on a USB stick or other removable disk ({bundle.device_name(dest)}): "
                "is the stick plugged in?")
    return None


def where(path: Path) -> str:
    """The device holding ``path`` in words ("/dev/sdb1 (vfat), mounted at /media/ana/STICK"),
    for the line that says where an export went."""
    return bundle.device_name(path)


def disk_full(data: Path, error: BaseException | None = None) -> str | None:
    """:data:`DISK_FULL` when ``error`` (say, why the data folder cannot be opened for
    interviews) came from a full disk, or the disk holding ``data`` has no space left; else
    None. Export still works then (:func:`export`), and is the way to free space."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, OSError) and error.errno in _FULL:
            return DISK_FULL
        error = error.__cause__ or error.__context__
    folder = Path(data)
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        space = os.statvfs(folder)
    except (OSError, AttributeError):  # AttributeError: no statvfs on Windows
        return None
    return DISK_FULL if space.f_bavail == 0 else None


def verify(path: Path, identity: Path | Sequence[Path] | None = None, laptops: Path | None = None) -> Report:
    """Check a data folder, a log or a bundle; with ``identity`` (one identity file or
    several) also every tag and record, and a bundle's signature against the enrolled laptops
    (``laptops``, by default the list beside the first identity file: :func:`_enrolled`)."""
    return checks.verify(path, _identities(identity), _enrolled(identity, laptops))


@dataclass(frozen=True)
class Verified:
    """What :func:`verify_all` found: one report for every path that could be read, the
    errors of those that could not (each one ``rrdesk: error:`` line), and the unfinished
    exports (``.part``) seen in the folders given."""

    report: Report
    unusable: tuple[RRDeskError, ...]
    unfinished: tuple[Path, ...]


def verify_all(paths: Sequence[Path], identity: Path | Sequence[Path] | None = None,
               laptops: Path | None = None) -> Verified:
    """``rrdesk verify PATH…``: every bundle, log or data folder given, a folder of bundles
    standing for the bundles in it (:mod:`rrdesk.app.inputs`). One path that cannot be read
    never stops the others: it is listed in :attr:`Verified.unusable`.

    Raises
    ------
    InputError
        An identity file is unusable (nothing is read then).
    """
    identities = _identities(identity)
    enrolled = _enrolled(identity, laptops)
    given = inputs.bundle_paths(paths, data_folders=True)
    records = files = 0
    problems: list = []
    unusable: list[RRDeskError] = []
    for path in given.paths:
        try:
            found = checks.verify(path, identities, enrolled)
        except RRDeskError as error:
            unusable.append(error)
            continue
        records, files = records + found.records, files + found.files
        problems.extend(found.problems)
    return Verified(Report(records, tuple(problems), files), tuple(unusable), given.unfinished)


def extract(path: Path, to: Path, identity: Path | Sequence[Path] | None = None) -> list[Path]:
    """Every intact record as its own ``.age`` file in ``to``."""
    return checks.extract(path, to, _identities(identity))


def _enrolled(identity: Path | Sequence[Path] | None, laptops: Path | None) -> dict[str, minisign.PublicKey] | None:
    """The enrolled laptops' keys a bundle is checked against when the coordinator gives an
    identity: the list ``laptops``, else those beside every identity file given, merged (as
    aggregate reads them; None: no identity)."""
    if identity is None or (not isinstance(identity, (str, os.PathLike)) and not identity):
        return None
    files = [Path(identity)] if isinstance(identity, (str, os.PathLike)) else [Path(i) for i in identity]
    return merged_keys(list(dict.fromkeys(coordinator_laptops(f, laptops) for f in files)))


def _identities(paths: Path | Sequence[Path] | None) -> list[age.Identity] | None:
    return None if paths is None or (not isinstance(paths, (str, os.PathLike)) and not paths) \
        else inputs.load_identities(paths)
