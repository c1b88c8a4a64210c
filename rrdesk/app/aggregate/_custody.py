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
  surveys) the copy most proven bundles hold decides, as :mod:`rrdesk.store.collect._survey_choice` says.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Sequence

from rrdesk.app import trust
from rrdesk.app.enrollment import coordinator_laptops, enrolled_keys
from rrdesk.core.errors import InputError, StoreError
from rrdesk.core.problems import Problem
from rrdesk.core.survey import Survey
from rrdesk.store import age, keys
from rrdesk.store import collect as choice
from rrdesk.store.bundle import Custody, Read
from rrdesk.store.collect import Collection
from rrdesk.store.laptop import problem as signed_by
from rrdesk.store.ledger import Ledger

__all__ = ["LEDGER_ENV", "Checks", "custody", "ledger_path", "save_ledger"]

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


def custody(checks: Checks, bundles: Sequence[Path], identities: Sequence[age.Identity],
            survey: Survey | None, survey_id: str | None) -> Custody:
    """The checks to collect with (``checks`` naming both files).

    Raises
    ------
    InputError
        The laptops' list or the ledger cannot be read; or the coordinator has a signing key,
        gave no survey file, and no proven bundle holds a copy signed with it.
    """
    found = Custody(enrolled_keys(checks.laptops), checks.accept_unverified, Ledger.load(checks.ledger))
    public = checks.signing
    signer = keys.load_public_key(public) if public is not None and public.is_file() else None

    def copy_ok(read: Read) -> bool:
        if not found.accept_unverified and signed_by(read.manifest, read.manifest_bytes, read.signature,
                                                     found.laptops or {}) is not None:
            return False
        return signer is None or trust.copy_signed(read.survey_text, read.survey_signature, signer,
                                                   read.manifest["survey"])
    found.copy_ok = copy_ok
    if signer is not None and survey is None:
        copies = choice.candidates(bundles, identities, copy_ok)
        if not any(survey_id in (None, sid) for sid in copies):
            raise InputError("command line", "--survey", f"no bundle from an enrolled laptop holds a survey copy "
                             f"signed by your signing key ({public.name}, key id {signer.fingerprint}), and the "
                             "estimates never rest on a copy you did not sign: give the survey file with --survey FILE")
    return found


def save_ledger(found: Custody, path: Path, collection: Collection) -> Collection:
    """Save the ledger as the aggregation left it; a ledger that cannot be written is a problem
    (the results stand: the next aggregation must know it lacks these bundles)."""
    if found.ledger is None:
        return collection
    try:
        found.ledger.save(path)
    except StoreError as error:
        unsaved = Problem(str(path), None, f"the ledger could not be saved ({error.what}): a later aggregation "
                          "will not compare its bundles with these; give --ledger FILE")
        return replace(collection, problems=(*collection.problems, unsaved), surveys={
            sid: replace(data, problems=(*data.problems, unsaved)) for sid, data in collection.surveys.items()})
    return collection
