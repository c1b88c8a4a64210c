"""The coordinator's custody checks of an aggregation (:mod:`rrdesk.app.aggregate`): which laptops
are enrolled, the ledger, and which survey copy may decide (FORMAT.md §2.8, §4).

- Every bundle's signature is checked against the enrolled laptops (``coordinator.laptops``
  beside the identity, or ``--laptops``); a bundle whose origin is not proven is a problem and
  its records are left out unless ``--accept-unverified``.
- The ledger (``coordinator.ledger`` beside the identity, or ``--ledger``) is compared with
  every proven bundle, advanced, and saved.
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
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from rrdesk.app import trust
from rrdesk.app.enrollment import coordinator_laptops, enrolled_keys
from rrdesk.core.errors import InputError, StoreError
from rrdesk.core.problems import Problem
from rrdesk.store import keys, minisign
from rrdesk.store.bundle import judge
from rrdesk.store.collect import Collection, Custody, Judge
from rrdesk.store.ledger import Ledger

__all__ = ["LEDGER_ENV", "Checks", "beside", "custody", "ledger_path", "no_signed_copy", "save_ledger"]

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


def ledger_path(identity: Path) -> Path:
    """The ledger beside an identity file: ``coordinator.key`` → ``coordinator.ledger``."""
    identity = Path(identity)
    stem = identity.with_suffix("") if identity.suffix == ".key" else identity
    return stem.with_name(stem.name + ".ledger")


def beside(identity: Path, checks: Checks) -> Checks:
    """``checks`` with both files named: given, else the environment's (``RRDESK_LAPTOPS``,
    ``RRDESK_LEDGER``: scripts, the test suite), else beside ``identity``."""
    return replace(checks, laptops=coordinator_laptops(identity, checks.laptops),
                   ledger=Path(checks.ledger or os.environ.get(LEDGER_ENV) or ledger_path(identity)),
                   signing=checks.signing or trust.signing_key_paths(identity)[1])


def custody(checks: Checks) -> tuple[Custody, Judge]:
    """The checks to collect with (``checks`` naming both files), and the judge of each bundle's
    signatures that runs where it is indexed.

    Raises
    ------
    InputError
        The laptops' list or the ledger cannot be read.
    """
    assert checks.laptops is not None and checks.ledger is not None
    public = checks.signing
    signer = keys.load_public_key(public) if public is not None and public.is_file() else None
    found = Custody(enrolled_keys(checks.laptops), Ledger.load(checks.ledger), signer, checks.accept_unverified)
    return found, partial(judge, laptops=found.laptops, signer=signer, copy_signed=trust.copy_signed)


def no_signed_copy(checks: Checks, signer: minisign.PublicKey) -> InputError:
    """The error when the coordinator has a signing key, gave no survey file, and no proven
    bundle holds a copy signed with it: the estimates never rest on a copy it did not sign."""
    name = checks.signing.name if checks.signing is not None else ""
    return InputError("command line", "--survey", f"no bundle from an enrolled laptop holds a survey copy "
                      f"signed by your signing key ({name}, key id {signer.fingerprint}), and the "
                      "estimates never rest on a copy you did not sign: give the survey file with --survey FILE")


def save_ledger(ledger: Ledger | None, path: Path, collection: Collection) -> Collection:
    """Save the ledger as the aggregation left it; a ledger that cannot be written is a problem
    (the results stand: the next aggregation must know it lacks these bundles)."""
    if ledger is None:
        return collection
    try:
        ledger.save(path)
    except StoreError as error:
        unsaved = Problem(str(path), None, f"the ledger could not be saved ({error.what}): a later aggregation "
                          "will not compare its bundles with these; give --ledger FILE")
        return replace(collection, problems=(*collection.problems, unsaved), surveys={
            sid: replace(data, problems=(*data.problems, unsaved)) for sid, data in collection.surveys.items()})
    return collection
