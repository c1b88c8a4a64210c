"""Who may change a survey: the coordinator's signing key, survey signatures, and the key a laptop trusts.

The coordinator signs a survey file with the signing key ``rrdesk keygen`` made beside the age
identity (``rrdesk sign``); the signature is ``SURVEY.minisig`` beside it, in minisign's format,
so ``minisign -Vm SURVEY -P KEY`` checks it without rrdesk. Its untrusted comment carries the
signer's public key (``signer RW…``), which a laptop needs to check the signature; nothing
relies on that comment being honest: the laptop trusts one key.

A laptop trusts its coordinator, not a file: the coordinator's public signing key is installed
once, laptop-wide, beside the device id (``DATA/coordinator.trust``, :mod:`rrdesk.store.trusted`):
from the coordinator's ``.minisign.pub`` (``rrdesk trust KEY --data DIR --key-id ID``) or from
the first signed survey (the desktop app shows its key id and asks first). Once a key is
trusted (:func:`admit`), a survey signed by any other key is refused, and an unsigned survey
opens for practice only: no station records for it. Replacing the trusted key is deliberate
(``--replace``, or a confirmation in the app) and recorded; the next export carries the
history (the manifest's ``trusted_keys``) so the coordinator sees it.

A file deleted by hand: a missing ``coordinator.trust`` is restored from what the survey folders
hold -- each kept copy's verified ``survey.toml.minisig``, an older rrdesk's ``signer.pub`` --
when they name one key (the restore is recorded, ``restored``), and refused when they name
several. Only a laptop from which every signed copy was removed too is back to trusting no key;
the coordinator then still checks each record against the coordinator's own survey.
"""
from __future__ import annotations

import datetime as dt
import re
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rrdesk.core.errors import InputError, SignatureError, StoreError, SurveyError
from rrdesk.core.fileio import (
    FileOps,
    OsOps,
    folder_lock,
    mapped,
    read_capped,
    read_if_present,
    remove_quietly,
    replace_file,
)
from rrdesk.core.survey import MAX_BYTES, Survey
from rrdesk.store import trusted

if TYPE_CHECKING:
    from rrdesk.store import minisign

# why the store's key and signature modules are imported where a signature is made or checked:
# they load pyca/cryptography, and the desktop app's first window (an unsigned survey, or a
# signed one checked once the window shows) must not wait for it

__all__ = ["SIGNATURE_SUFFIX", "PIN", "Custody", "Signed", "Trusted", "admit", "current_key", "custody_of", "install",
           "key_code", "parse_key_id", "short_recipient", "sign_survey", "signature_path", "signing_key_paths",
           "survey_signature"]

SIGNATURE_SUFFIX = ".minisig"   # why: minisign's own name for a signature beside its file
PIN = "signer.pub"
# why: DATA/<survey id>/signer.pub, the per-survey pin of rrdesk before the laptop-wide key: read
# only as evidence of the coordinator's key when DATA/coordinator.trust is missing, and removed
# once the laptop-wide key is written
MAX_SIGNATURE = 16 << 10
# why: a minisign signature file is about 300 bytes (its comments at most 9 KiB); a larger
# file is not one, and is refused unread
_SIGNER = re.compile(r"signer (RW[A-Za-z0-9+/]{54})(?![A-Za-z0-9+/=])")  # base64 of 42 bytes ("Ed" ‖ id ‖ key): no padding


@dataclass(frozen=True)
class Signed:
    """A survey file whose signature verified, and the key that made it."""

    signer: minisign.PublicKey
    signature: bytes  # the .minisig file's bytes, kept with the data folder's copy


def signing_key_paths(identity: Path) -> tuple[Path, Path]:
    """The signing key and its public key beside an identity file: ``coordinator.key`` →
    ``coordinator.minisign.key``, ``coordinator.minisign.pub``."""
    stem = identity.with_suffix("") if identity.suffix == ".key" else identity
    return stem.with_name(stem.name + ".minisign.key"), stem.with_name(stem.name + ".minisign.pub")


def trusted_comment(survey_id: str) -> str:
    """What a survey signature says it is for (signed, so it cannot be moved to another use)."""
    return f"rrdesk survey {survey_id}"


def sign_survey(survey: Survey, key: minisign.SecretKey) -> Path:
    """Write ``SURVEY.minisig`` for the (valid) survey file; returns its path."""
    from rrdesk.store import minisign

    with mapped(survey.path, "cannot be read"):
        data = read_capped(survey.path, MAX_BYTES)
    text = minisign.sign(key, minisign.file_hash([data]), trusted_comment(survey.id),
                         comment=f"rrdesk survey signature; signer {key.public().base64()}")
    out = Path(str(survey.path) + SIGNATURE_SUFFIX)
    with mapped(out, "could not be written"):
        replace_file(out, text.encode("ascii"), OsOps())
    return out


def load_signing_key(path: Path) -> minisign.SecretKey:
    """The signing key at ``path``, or the one beside the identity file ``path``."""
    from rrdesk.store import keys

    text_head = b""
    try:
        text_head = read_capped(path, 1 << 20)[:20]
    except OSError:
        pass  # keys.load_* says what is wrong with it
    if text_head.startswith(b"untrusted comment"):
        return keys.load_signing_key(path)
    secret, _ = signing_key_paths(path)
    if not secret.exists():
        raise InputError(path, "", f"no signing key beside it ({secret.name}); make keys with rrdesk keygen")
    return keys.load_signing_key(secret)


def survey_signature(survey: Survey) -> Signed | None:
    """The survey's verified signature, or None when the file has none (unsigned).

    Raises
    ------
    SignatureError
        ``SURVEY.minisig: …`` -- present but malformed, not for this survey, or it does not
        verify (the file was changed after it was signed).
    """
    sig_path = signature_path(survey)
    with mapped(sig_path, "cannot be read"):
        raw = read_if_present(sig_path, MAX_SIGNATURE)
    if raw is None:
        return None
    from rrdesk.store import minisign

    text = raw.decode("utf-8", "replace")
    found = _SIGNER.search(text.split("\n", 1)[0])
    if found is None:
        raise SignatureError(sig_path, "", "does not name its signer (sign the survey with rrdesk sign)")
    signer = minisign.read_public(found[1], str(sig_path))
    with mapped(survey.path, "cannot be read"):
        data = read_capped(survey.path, MAX_BYTES)
    said = minisign.verify(signer, minisign.file_hash([data]), text, str(sig_path))
    if said != trusted_comment(survey.id):
        raise SignatureError(sig_path, "", f'signs "{said}", not survey "{survey.id}"')
    return Signed(signer, raw)


def copy_signed(text: bytes, signature: bytes | None, signer: minisign.PublicKey, survey_id: str) -> bool:
    """Whether ``signature`` (a bundle's ``survey.toml.minisig``) is ``signer``'s signature of the
    survey copy ``text`` for survey ``survey_id``."""
    from rrdesk.store import minisign

    if signature is None:
        return False
    try:
        said = minisign.verify(signer, minisign.file_hash([text]), signature.decode("utf-8", "replace"), "survey copy")
    except SignatureError:
        return False
    return said == trusted_comment(survey_id)


def key_code(fingerprint: str) -> str:
    """A key id as people read it aloud and type it: ``43BF-037F-E915-7D50``."""
    return "-".join(fingerprint[i:i + 4] for i in range(0, len(fingerprint), 4))


def parse_key_id(text: str) -> str | None:
    """The 16 hex digits of a key id as typed (dashes, spaces and case ignored); None if it is not one."""
    digits = re.sub(r"[\s-]", "", text or "").upper()
    return digits if re.fullmatch(r"[0-9A-F]{16}", digits) else None


@dataclass(frozen=True)
class Trusted:
    """The coordinator's key this laptop trusts (the last event of its history) and the history."""

    key: minisign.PublicKey
    events: tuple[trusted.Event, ...]

    @property
    def code(self) -> str:
        return key_code(self.key.fingerprint)


def _folder_signers(data: Path) -> set[minisign.PublicKey]:
    """What the survey folders say the coordinator's key was: each kept copy's signature that
    verifies (``survey.toml.minisig``), and each older rrdesk's per-survey pin (``signer.pub``).
    A file that cannot be read or does not verify says nothing."""
    found: set[minisign.PublicKey] = set()
    try:
        folders = sorted(d for d in Path(data).iterdir() if d.is_dir())
    except OSError:
        return found
    if not folders:
        return found  # why before the import: the first window of a fresh laptop never loads the store's modules
    from rrdesk.store.folder import SURVEY_COPY

    folders = [d for d in folders if (d / PIN).exists() or (d / (SURVEY_COPY + SIGNATURE_SUFFIX)).exists()]
    if not folders:
        return found  # why before the import: the first window of a fresh laptop never loads cryptography
    from rrdesk.store import minisign

    for folder in folders:
        try:
            pinned = read_if_present(folder / PIN, MAX_SIGNATURE)
            if pinned is not None:
                found.add(minisign.read_public(pinned.decode("ascii", "replace"), str(folder / PIN)))
        except (OSError, SignatureError):
            pass
        try:
            raw = read_if_present(folder / (SURVEY_COPY + SIGNATURE_SUFFIX), MAX_SIGNATURE)
            text = read_if_present(folder / SURVEY_COPY, MAX_BYTES)
            if raw is None or text is None:
                continue
            named = _SIGNER.search(raw.decode("utf-8", "replace").split("\n", 1)[0])
            if named is None:
                continue
            signer = minisign.read_public(named[1], str(folder))
            if copy_signed(text, raw, signer, folder.name):
                found.add(signer)
        except (OSError, SignatureError):
            pass
    return found


def current_key(data: Path) -> Trusted | None:
    """The key this laptop trusts, read only: the trust file's, else (the file missing) the one
    signer the survey folders name; None when there is neither. Raises StoreError for a damaged
    trust file, or a missing one where the folders name several signers."""
    events = trusted.read(data)
    if events is not None:
        return Trusted(events[-1].key, tuple(events))
    signers = _folder_signers(data)
    if len(signers) > 1:
        raise StoreError(Path(data) / trusted.TRUST_FILE, "", "missing, and this laptop's surveys are signed by "
                         f"{len(signers)} keys ({', '.join(sorted(key_code(k.fingerprint) for k in signers))}): "
                         "install the coordinator's key with rrdesk trust KEY --data DIR --key-id ID")
    if signers:
        key = signers.pop()
        return Trusted(key, (trusted.Event("", "restored", key),))
    return None


def install(data: Path, key: minisign.PublicKey, how: str, *, replace: bool = False,
            today: dt.date | None = None, ops: FileOps | None = None) -> bool:
    """Trust ``key`` laptop-wide (``DATA/coordinator.trust``); False when it is trusted already.

    ``how`` is ``survey`` or ``enrollment`` for a first key; replacing the key in force needs
    ``replace`` (a deliberate, confirmed action) and is recorded as ``replaced``, so the next
    export carries it. Older per-survey pins (``signer.pub``) are removed: the laptop-wide key
    replaces them.

    Raises
    ------
    StoreError
        Another key is trusted and ``replace`` is not given; the trust file is damaged and
        ``replace`` is not given.
    """
    data = Path(data)
    day = (today or dt.date.today()).isoformat()
    with mapped(data, "cannot be created"):
        data.mkdir(parents=True, exist_ok=True)
    with ExitStack() as held:
        with mapped(data, "cannot be opened"):
            held.enter_context(folder_lock(data))
        try:
            events = trusted.read(data)
            known = current_key(data)
        except StoreError:
            if not replace:
                raise
            events, known = [], None  # damaged, replaced knowingly: its history is lost, "replaced" says so
        if known is not None and known.key == key:
            if events is None:  # the file was missing: written again from the folders' signer
                trusted.append(data, [], trusted.Event(day, "restored", key), ops)
            return False
        if known is not None and not replace:
            raise StoreError(data / trusted.TRUST_FILE, "", f"this laptop trusts the coordinator's key {known.code}, "
                             f"not {key_code(key.fingerprint)}: replacing it is deliberate (rrdesk trust … --replace, "
                             "or the dashboard's Trust this key instead…)")
        old = [trusted.Event(e.day or day, e.how, e.key) for e in (known.events if known is not None else ())]
        replacing = known is not None or (replace and events is not None)
        trusted.append(data, old, trusted.Event(day, "replaced" if replacing else how, key), ops)
        for pin_file in data.glob(f"*/{PIN}"):
            with mapped(pin_file, "could not be removed"):
                remove_quietly(pin_file)
    return True


def admit(data: Path, survey: Survey, signed: Signed | None, ops: FileOps | None = None) -> minisign.PublicKey | None:
    """Check ``survey`` against the key this laptop trusts, trusting its signer the first time.

    The first signed survey a laptop with no trusted key records for installs its signer
    (``survey``; the desktop app asks first, showing the key id). Once a key is trusted, a
    survey signed by another key is refused, and so is an unsigned one (it opens for practice
    only, never for recorded interviews). Returns the trusted key (None: nothing trusted and
    the survey unsigned, the demo or a draft).

    Raises
    ------
    StoreError
        The survey is unsigned or signed by another key than the one trusted; the trust file is
        damaged, or missing where the survey folders name several signers.
    """
    known = current_key(data)
    if known is not None and not known.events[-1].day:  # the file was deleted: written again, and said so
        install(data, known.key, "restored", ops=ops)
    if known is None:
        if signed is None:
            return None
        install(data, signed.signer, "survey", ops=ops)
        return signed.signer
    if signed is None:
        raise StoreError(survey.path, "", f"not signed, but this laptop trusts the coordinator's key {known.code}: "
                         "it opens for practice only; for recorded interviews use the coordinator's signed file "
                         f"(with its {SIGNATURE_SUFFIX} beside it)")
    if signed.signer != known.key:
        raise StoreError(survey.path, "", f"signed by key {key_code(signed.signer.fingerprint)}, but this laptop "
                         f"trusts the coordinator's key {known.code}: this file is not the coordinator's (if the "
                         "coordinator's key changed: rrdesk trust KEY --data DIR --key-id ID --replace)")
    return known.key


def require_signature_readable(survey: Survey) -> Signed | None:
    """:func:`survey_signature` with a bad signature as a :class:`SurveyError` of the survey."""
    try:
        return survey_signature(survey)
    except SignatureError as error:
        raise SurveyError(error.file, error.where, error.what) from None


SHORT_RECIPIENT = (10, 6)
# why: an age recipient is "age1" and 58 bech32 characters (5 bits each); the dashboard shows
# "age1" with the next 6 and the last 6 (the bech32 checksum over the whole key): 60 bits an
# attacker's key would have to match by trying keys (about 2^60 X25519 key generations), while
# the interviewer compares them by eye with the recipient the coordinator printed (keygen)


def short_recipient(recipient: str) -> str:
    """A recipient as the dashboard shows it: ``age1abcdef…uvwxyz`` (:data:`SHORT_RECIPIENT`)."""
    head, tail = SHORT_RECIPIENT
    return recipient if len(recipient) <= head + tail + 1 else f"{recipient[:head]}…{recipient[-tail:]}"


@dataclass(frozen=True)
class Custody:
    """What the dashboard shows of a survey's chain of custody: who signed it (the signer's key
    id, None: unsigned), to whom answers are sealed (short recipients), why its signature cannot
    be trusted (one line, None when it verified or is absent), the key this laptop trusts
    (``trusted``, its key id; None: none yet) and what the laptop may do with the survey
    (``state``):

    - ``trusted``: signed by the key the laptop trusts: interviews are recorded;
    - ``new``: signed, and the laptop trusts no key yet: the key id is confirmed first;
    - ``other``: signed by another key than the one trusted: refused (unless the key is
      replaced, deliberately);
    - ``practice``: unsigned while a key is trusted: practice only, nothing is recorded;
    - ``unsigned``: unsigned, and no key trusted (the demo, a draft): recorded, with a warning;
    - ``bad``: its signature fails, or the trust file is damaged: refused (``problem`` says why).
    """

    signer: str | None
    recipients: tuple[str, ...]
    problem: str | None = None
    trusted: str | None = None
    state: str = "unsigned"

    @property
    def records(self) -> bool:
        """Whether a station will record interviews for this survey as things stand."""
        return self.state in ("trusted", "unsigned")


def signature_path(survey: Survey) -> Path:
    """Where ``survey``'s signature is, if it has one: ``SURVEY.minisig`` beside it."""
    return Path(str(survey.path) + SIGNATURE_SUFFIX)


def custody_of(survey: Survey, data: Path | None = None) -> Custody:
    """The survey's :class:`Custody`: its signature checked now (two small files read), and
    with ``data`` against the key that laptop's data folder trusts (read only, never written)."""
    recipients = tuple(short_recipient(r) for r in survey.recipients)
    try:
        signed = survey_signature(survey)
    except (SignatureError, StoreError) as error:
        return Custody(None, recipients, str(error), state="bad")
    signer = None if signed is None else signed.signer.fingerprint
    try:
        known = None if data is None else current_key(Path(data))
    except StoreError as error:
        return Custody(signer, recipients, str(error), state="bad")
    code = None if known is None else known.key.fingerprint
    if signed is None:
        return Custody(None, recipients, trusted=code, state="unsigned" if known is None else "practice")
    if known is None:
        return Custody(signer, recipients, state="trusted" if data is None else "new")
    return Custody(signer, recipients, trusted=code, state="trusted" if signed.signer == known.key else "other")


def trust_file_exists(data: Path) -> bool:
    """Whether the data folder has a trust file (the window reads it after the first paint)."""
    return (Path(data) / trusted.TRUST_FILE).exists()


WHERE_COORDINATOR_ID = ("the coordinator's key id is the one rrdesk keygen and rrdesk sign printed "
                        "(16 hex digits, as XXXX-XXXX-XXXX-XXXX): ask the coordinator, never read it off the stick")


def key_in(path: Path) -> minisign.PublicKey:
    """The coordinator's public signing key in ``path``: a ``.minisign.pub`` file, or a survey
    file whose ``SURVEY.minisig`` beside it verifies (its signer)."""
    from rrdesk.core.survey import load as load_survey
    from rrdesk.store import keys

    path = Path(path)
    if Path(str(path) + SIGNATURE_SUFFIX).exists():
        signed = require_signature_readable(load_survey(path))
        if signed is None:
            raise InputError(path, "", "not signed (no .minisig beside it)")
        return signed.signer
    return keys.load_public_key(path)


def install_from(data: Path, path: Path, key_id: str | None, *, replace: bool = False) -> tuple[Trusted, bool]:
    """``rrdesk trust``: install the coordinator's key in ``path`` laptop-wide, once its key id is
    confirmed (``key_id``, read from the coordinator, not from the file); (what is trusted now,
    whether it changed).

    Raises
    ------
    InputError
        No key id, or one that is not the key's (one line saying where to read it).
    StoreError
        Another key is trusted and ``replace`` is not given.
    """
    key = key_in(path)
    if key_id is None:
        raise InputError(path, "key id", f"not confirmed: give --key-id; {WHERE_COORDINATOR_ID}")
    given = parse_key_id(key_id)
    if given != key.fingerprint:
        raise InputError(path, "key id", f"{key_id} is not this key's id ({key_code(key.fingerprint)} is): the file "
                         f"is not the coordinator's key, or the id was misread; {WHERE_COORDINATOR_ID}")
    changed = install(data, key, "enrollment", replace=replace)
    now = current_key(data)
    assert now is not None
    return now, changed
