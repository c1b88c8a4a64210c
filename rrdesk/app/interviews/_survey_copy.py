"""The survey copy a data folder keeps (FORMAT.md §3): the bytes, its signature, checked against the trusted key.

A station opened with a survey file keeps a byte copy of it in ``DATA/<survey id>/survey.toml``
(what export seals to, what verify checks against). Before that the file's signature, if it
has one, is checked against the coordinator's key the laptop trusts (:mod:`rrdesk.app.trust`,
laptop-wide): a file it refuses -- unsigned, or signed by another key, once a key is trusted --
never replaces the copy. A copy with other questions or spinners is
refused (data recorded must keep meaning what it meant); so is, once a record exists, a copy of
the same ``version`` with other texts (``Survey.content``: raise ``version``). Once a record
exists, a copy replaced by another version is kept first as ``versions/<version>.toml`` (and
its signature as ``versions/<version>.toml.minisig``): export carries them, and aggregate
reads each version's records with its own wording. A damaged copy is set aside.
"""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from rrdesk.app import trust
from rrdesk.app.interviews._data_folder import interviews_in
from rrdesk.core.errors import StoreError, SurveyError
from rrdesk.core.fileio import FileOps, fsync_dir, mapped, read_capped, read_if_present, remove_quietly, replace_file
from rrdesk.core.problems import Problem
from rrdesk.core.survey import MAX_BYTES, Survey
from rrdesk.core.survey import loads as loads_survey
from rrdesk.store import minisign
from rrdesk.store.folder import SURVEY_COPY, VERSIONS


def keep_copy(folder: Path, survey: Survey, ops: FileOps, problems: list[Problem]) -> minisign.PublicKey | None:
    """Check ``survey`` against the key the laptop trusts and the folder's copy, and keep it;
    returns the trusted key (None: an unsigned survey on a laptop that trusts no key).

    Call holding the survey folder's lock. Problems found on the way (a damaged copy set
    aside) are appended to ``problems``.

    Raises
    ------
    SignatureError
        The survey's signature is there and does not verify.
    StoreError
        The trusted key refuses the file, the copy has other questions, or a file cannot be written.
    """
    copy = folder / SURVEY_COPY
    signed = trust.survey_signature(survey)  # a signature that fails is refused, never ignored
    signer = trust.admit(folder.parent, survey, signed, ops)  # the laptop-wide key (DATA/coordinator.trust)
    _keep_bytes(copy, survey, ops, problems)
    kept_signature = copy.with_name(copy.name + trust.SIGNATURE_SUFFIX)
    if signed is None:
        remove_quietly(kept_signature)  # why: never a signature beside a copy it does not sign
        return signer
    with mapped(kept_signature, "cannot be read"):  # why apart: a read that fails is not a write that failed
        kept = read_if_present(kept_signature, trust.MAX_SIGNATURE)
    if kept != signed.signature:
        with mapped(kept_signature, "could not be written"):
            replace_file(kept_signature, signed.signature, ops)
    return signer


def _keep_bytes(copy: Path, survey: Survey, ops: FileOps, problems: list[Problem]) -> None:
    with mapped(survey.path, "cannot be read"):
        source_bytes = read_capped(survey.path, MAX_BYTES)  # as the survey loader reads it
    with mapped(copy, "cannot be read"):
        kept_bytes = read_if_present(copy)
    if kept_bytes is not None:
        try:
            # why the bytes just read, not the file again: a second read that fails for a moment
            # (EIO, EMFILE) would pass for damage, and an intact copy would be set aside
            kept = _parsed(kept_bytes, copy)
        except SurveyError as damaged:  # the copy, not the survey: keep it aside and go on
            _set_aside(copy, damaged, problems)
            kept_bytes = None
    if kept_bytes is not None:
        if kept.fingerprint != survey.fingerprint:
            raise StoreError(survey.path, "", f'the data folder already holds survey "{survey.id}" '
                             "with other questions or spinners; give the changed survey a new id")
        if kept_bytes == source_bytes:
            return
        if kept.version == survey.version and kept.content != survey.content and _recorded(copy.parent):
            # why: records name their version; two wordings under one version could not be told apart
            raise StoreError(survey.path, "", f'this laptop has recorded survey "{survey.id}" version '
                             f'"{survey.version}" with other texts (questions, choices, consent, wording or '
                             'languages); raise version in the survey file for this change')
        if kept.version != survey.version and _recorded(copy.parent):
            _keep_version(copy, kept.version, kept_bytes, ops)
    with mapped(copy, "could not be written"):
        replace_file(copy, source_bytes, ops)


def _keep_version(copy: Path, version: str, kept_bytes: bytes, ops: FileOps) -> None:
    """Keep the copy of a version recorded with, and its signature, under ``versions/`` (FORMAT.md
    §3), durably, before the new version replaces it: its records keep the wording they were made with."""
    folder = copy.parent / VERSIONS
    kept = folder / f"{version}.toml"
    signature = copy.with_name(copy.name + trust.SIGNATURE_SUFFIX)
    kept_signature = kept.with_name(kept.name + trust.SIGNATURE_SUFFIX)
    with mapped(signature, "cannot be read"):
        signed = read_if_present(signature, trust.MAX_SIGNATURE)
    with mapped(folder, "could not be written"):
        if not folder.is_dir():
            folder.mkdir(mode=0o700)
            fsync_dir(copy.parent)
        if signed is None:
            remove_quietly(kept_signature)  # why: never a signature beside a copy it does not sign
        replace_file(kept, kept_bytes, ops)
        if signed is not None:
            replace_file(kept_signature, signed, ops)


def _recorded(folder: Path) -> bool:
    """Whether any log of the survey folder holds a record (of any laptop copied in)."""
    return any(interviews_in(path, 1) for path in sorted(folder.glob("*.rrlog")))


def _parsed(data: bytes, copy: Path) -> Survey:
    """The survey copy ``data`` (read from ``copy``), as the survey loader reads a file."""
    if len(data) > MAX_BYTES:
        raise SurveyError(copy, "", "larger than 1 MiB, far too big for a survey file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SurveyError(copy, "", "not UTF-8 text") from None
    return loads_survey(text, copy)


def _set_aside(copy: Path, damaged: SurveyError, problems: list[Problem]) -> None:
    """A survey copy that no longer reads as a survey (a flipped byte, a cut file) must not
    stop interviews: it is renamed ``survey.toml.damaged-<UTC time>`` (kept for the person who
    checks the folder), reported in ``problems``, and the survey file replaces it."""
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")
    aside = copy.with_name(f"{copy.name}.damaged-{stamp}")
    with mapped(copy, "could not be set aside"):
        os.replace(copy, aside)
        fsync_dir(copy.parent)
    problems.append(Problem(str(copy), None, f"damaged ({damaged.what}); kept as {aside.name} and "
                            "replaced by the survey file"))
