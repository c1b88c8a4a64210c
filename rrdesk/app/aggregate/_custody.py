"""The coordinator's custody checks of an aggregation (:mod:`rrdesk.app.aggregate`): which laptops
are enrolled, the ledger, and which survey copy may decide (FORMAT.md §2.8, §4).

- Every bundle's signature is checked against the enrolled laptops (``coordinator.laptops``
  beside the identity, or ``--laptops``); a bundle whose origin is not proven is a problem and
  its records are left out unless ``--accept-unverified``.
- The ledger (``coordinator.ledger`` beside the identity, or ``--ledger``) is compared with
  every proven bundle, advanced, and saved.
- With several identity files (``-i new.key -i old.key`` after a rotation) the lists, ledgers and
  signing keys beside every one are read and merged (:func:`beside`): a laptop enrolled in two
  lists with two keys, or a log two ledgers remember differently at the same length, is named
  in one line and nothing is aggregated; the merged ledger is saved beside the first.
- The survey that decides the estimates is the coordinator's: the file given (``--survey``), or
  a bundle's copy whose ``survey.toml.minisig`` verifies with the coordinator's signing key
  (``coordinator.minisign.pub`` beside the identity), and only from a bundle whose laptop is
  proven. With a signing key and neither, nothing is estimated (give ``--survey``). Without a
  signing key beside the identity (the public demo identity, an identity from before signed
  surveys) the copy most proven bundles hold decides, as :mod:`rrdesk.store.collect._plan` says.

This module only finds and reads the files and hands the keys on: the signatures are judged
where each bundle is indexed (:func:`rrdesk.store.bundle.judge`, in the worker processes) and
everything above is decided in one place, :func:`rrdesk.store.collect.decide`.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from rrdesk.app import trust
from rrdesk.app.enrollment import coordinator_laptops, merged_keys
from rrdesk.core.errors import InputError, StoreError, os_reason
from rrdesk.core.problems import Problem
from rrdesk.store import keys, minisign
from rrdesk.store.bundle import judge
from rrdesk.store.collect import Collection, Custody, Judge
from rrdesk.store.ledger import Ledger

__all__ = ["LEDGER_ENV", "Checks", "LedgerRun", "beside", "custody", "ledger_path", "no_signed_copy", "save_ledger"]

LEDGER_ENV = "RRDESK_LEDGER"
# why: the ledger for scripts (and the test suite, one per test) that do not pass --ledger; the
# coordinator's default is the ledger beside the identity file


@dataclass(frozen=True)
class Checks:
    """The coordinator's custody checks: the enrolled laptops' list and the ledger (None: beside
    the identity file), and whether a bundle whose origin is not proven (unsigned, a laptop not
    enrolled, a signature that fails) has its records used anyway (it is reported either way)."""

    laptops: Path | None = None
    ledger: Path | None = None
    accept_unverified: bool = False
    signing: Path | None = None  # the coordinator's public signing key (None: beside the identity)
    identities: tuple[Path, ...] = ()  # every identity file given (-i): the side files of each are read
    # filled by beside(): every file of each kind to read and merge, in the order of ``identities``
    # (the first of each is the one above: the list enroll writes, the ledger saved, the signing key)
    laptop_lists: tuple[Path, ...] = ()
    ledgers: tuple[Path, ...] = ()
    signing_keys: tuple[Path, ...] = ()


def ledger_path(identity: Path) -> Path:
    """The ledger beside an identity file: ``coordinator.key`` → ``coordinator.ledger``."""
    identity = Path(identity)
    stem = identity.with_suffix("") if identity.suffix == ".key" else identity
    return stem.with_name(stem.name + ".ledger")


def beside(identity: Path, checks: Checks) -> Checks:
    """``checks`` with its files named: given, else the environment's (``RRDESK_LAPTOPS``,
    ``RRDESK_LEDGER``: scripts, the test suite), else beside each of ``checks.identities``
    (``identity`` alone when none are given), every one of a kind read and merged by :func:`custody`."""
    files = tuple(dict.fromkeys(Path(i) for i in checks.identities)) or (Path(identity),)
    lists = tuple(coordinator_laptops(i, checks.laptops) for i in files)
    ledger = checks.ledger or os.environ.get(LEDGER_ENV)
    ledgers = (Path(ledger),) if ledger else tuple(ledger_path(i) for i in files)
    signing = (checks.signing,) if checks.signing else tuple(trust.signing_key_paths(i)[1] for i in files)
    return replace(checks, laptops=lists[0], ledger=ledgers[0], signing=signing[0],
                   laptop_lists=tuple(dict.fromkeys(lists)), ledgers=ledgers, signing_keys=signing)


def custody(checks: Checks) -> tuple[Custody, Judge]:
    """The checks to collect with (``checks`` naming both files), and the judge of each bundle's
    signatures that runs where it is indexed.

    Raises
    ------
    InputError
        The laptops' list or the ledger cannot be read.
    """
    assert checks.laptops is not None and checks.ledger is not None
    signers = list(dict.fromkeys(keys.load_public_key(p) for p in checks.signing_keys or (checks.signing,)
                                 if p is not None and _present(p)))
    signer = signers[0] if signers else None
    found = Custody(_laptops(checks.laptop_lists or (checks.laptops,)), _ledger(checks.ledgers or (checks.ledger,)),
                    signer, checks.accept_unverified)
    copy_signed = trust.copy_signed if len(signers) < 2 else partial(_signed_by_any, signers)
    return found, partial(judge, laptops=found.laptops, signer=signer, copy_signed=copy_signed)


def _present(path: Path) -> bool:
    """Whether the coordinator's signing key file ``path`` is there. A disk that cannot say is an
    error naming it: never read as "no signing key", which would let unsigned survey copies decide."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        raise StoreError(path, "", f"cannot be read: {os_reason(error)} (the disk, not the key: try again)") from None


def _laptops(lists: tuple[Path, ...]) -> dict[str, minisign.PublicKey]:
    """The enrolled laptops of every list, merged (:func:`rrdesk.app.enrollment.merged_keys`)."""
    return merged_keys(lists)


def _ledger(paths: tuple[Path, ...]) -> Ledger:
    """The first ledger with every other one folded in: a log's longer entry, each laptop's latest
    export, every bundle seen. Two ledgers that remember a log differently at the same length are
    an error (two histories of one log: keep both files and look)."""
    merged = Ledger.load(paths[0])
    for path in paths[1:]:
        other = Ledger.load(path)
        for key, (records, head) in other.logs.items():
            known = merged.logs.get(key)
            if known is not None and known[0] == records and known[1] != head:
                survey, device, log = key
                raise InputError(path, f"survey {survey}, laptop {device[:8]}, log {log}",
                                 f"this ledger and {paths[0]} both saw {records} records of this log, but not the "
                                 "same ones (two histories of it): look at both before aggregating")
            if known is None or known[0] < records:
                merged.logs[key] = (records, head)
        for laptop, latest in other.latest.items():
            merged.latest[laptop] = max(latest, merged.latest.get(laptop, latest))
        merged.bundles |= other.bundles
    return merged


def _signed_by_any(signers: list[minisign.PublicKey], text: bytes, signature: bytes | None,
                   signer: minisign.PublicKey, survey_id: str) -> bool:
    """:func:`rrdesk.app.trust.copy_signed` with each of the coordinator's signing keys (after a
    rotation the old and the new): a copy any of them signed is the coordinator's."""
    return any(trust.copy_signed(text, signature, key, survey_id) for key in signers)


def no_signed_copy(checks: Checks, signer: minisign.PublicKey) -> InputError:
    """The error when the coordinator has a signing key, gave no survey file, and no proven
    bundle holds a copy signed with it: the estimates never rest on a copy it did not sign."""
    name = checks.signing.name if checks.signing is not None else ""
    mine = f"your signing key ({name}, key id {signer.fingerprint})"
    found = [p for p in checks.signing_keys if _present(p)]
    if len(found) > 1:  # beside several identities
        mine = "any of your signing keys (" + ", ".join(
            f"{p.name}, key id {keys.load_public_key(p).fingerprint}" for p in found) + ")"
    return InputError("command line", "--survey", f"no bundle from an enrolled laptop holds a survey copy "
                      f"signed by {mine}, and the "
                      "estimates never rest on a copy you did not sign: give the survey file with --survey FILE")


@dataclass(frozen=True)
class LedgerRun:
    """What an aggregation did with the ledger ``file``: the counts of
    :data:`rrdesk.store.ledger.DONE` (bundles compared, logs grown, refused…) and whether it was
    saved."""

    file: str
    done: tuple[tuple[str, int], ...]
    saved: bool

    def line(self, given: int) -> str:
        """One line for the terminal: what was compared of the ``given`` bundles, what changed,
        and the file."""
        done = dict(self.done)
        logs = ", ".join(f"{done['logs ' + k]} {k}" for k in ("new", "grown", "unchanged", "refused", "missing")
                         if done["logs " + k] or k in ("new", "grown"))
        before = done["bundles seen before"]
        again = f", {before} counted in an earlier run (not compared again)" if before else ""
        left = given - done["bundles compared"] - before
        unproven = f", {left} not compared (origin not proven: such a bundle never advances it)" if left > 0 else ""
        return (f"ledger {self.file}: {done['bundles compared']} of {given} bundle(s) compared{again}{unproven}; "
                f"logs: {logs}; " + ("saved" if self.saved else "NOT saved (see the problems)"))


def save_ledger(ledger: Ledger | None, path: Path, collection: Collection) -> tuple[Collection, LedgerRun | None]:
    """Save the ledger as the aggregation left it, and say what it did; a ledger that cannot be
    written is a problem (the results stand: the next aggregation must know it lacks these
    bundles)."""
    if ledger is None:
        return collection, None
    done = tuple(ledger.done.items())
    try:
        ledger.save(path)
    except StoreError as error:
        unsaved = Problem(str(path), None, f"the ledger could not be saved ({error.what}): a later aggregation "
                          "will not compare its bundles with these; give --ledger FILE")
        return replace(collection, problems=(*collection.problems, unsaved), surveys={
            sid: replace(data, problems=(*data.problems, unsaved)) for sid, data in collection.surveys.items()}), \
            LedgerRun(str(path), done, saved=False)
    return collection, LedgerRun(str(path), done, saved=True)
