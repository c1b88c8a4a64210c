"""Who may change a survey: the coordinator's signing key, survey signatures, and the laptop's pin.

The coordinator signs a survey file with the signing key ``rrdesk keygen`` made beside the age
identity (``rrdesk sign``); the signature is ``SURVEY.minisig`` beside it, in minisign's format,
so ``minisign -Vm SURVEY -P KEY`` checks it without rrdesk. Its untrusted comment carries the
signer's public key (``signer RW…``), which a laptop needs to check the signature; nothing
relies on that comment being honest: the key is pinned.

A laptop pins each survey id to its signer the first time it records for it
(``DATA/<survey id>/signer.pub``, written under the survey folder's lock by the station, see
:func:`pin`). After that a file under that id is used only if it is signed by the same key
and the signature verifies; an unsigned file, or one signed by another key, is refused. So a
survey file swapped on the laptop — an extra recipient, a question turned into its opposite —
is refused rather than adopted. An unsigned survey still works (the demo, a coordinator trying
a draft): the app says "unsigned" wherever it shows the survey, and ``check`` says so.

What a pin cannot do: the first file a laptop ever sees for an id is trusted as it is (trust on
first use); the dashboard shows its signer's fingerprint for the interviewer to compare with the
one the coordinator gave.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rrdesk.core.errors import InputError, SignatureError, StoreError, SurveyError
from rrdesk.core.fileio import OsOps, mapped, read_capped, read_if_present, replace_file
from rrdesk.core.survey import MAX_BYTES, Survey

if TYPE_CHECKING:
    from rrdesk.store import minisign

# why the store's key and signature modules are imported where a signature is made or checked:
# they load pyca/cryptography, and the desktop app's first window (an unsigned survey, or a
# signed one checked once the window shows) must not wait for it

__all__ = ["SIGNATURE_SUFFIX", "PIN", "Custody", "Signed", "custody_of", "pin", "short_recipient", "sign_survey",
           "signature_path", "signing_key_paths", "survey_signature"]

SIGNATURE_SUFFIX = ".minisig"   # why: minisign's own name for a signature beside its file
PIN = "signer.pub"              # why: DATA/<survey id>/signer.pub, a minisign public key file
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


def pin(folder: Path, survey: Survey, signed: Signed | None) -> minisign.PublicKey | None:
    """Check ``survey`` against the survey folder's pin, pinning its signer the first time.

    Call holding the survey folder's lock. Returns the pinned signer (None: unsigned, no pin).

    Raises
    ------
    StoreError
        The folder's survey is pinned to a signer and this file is unsigned or signed by
        another key: the file is not the coordinator's.
    """
    from rrdesk.store import minisign

    path = folder / PIN
    with mapped(path, "cannot be read"):
        raw = read_if_present(path)
    if raw is None:
        if signed is None:
            return None
        with mapped(path, "could not be written"):
            replace_file(path, signed.signer.text().encode("ascii"), OsOps())
        return signed.signer
    try:
        pinned = minisign.read_public(raw.decode("ascii", "replace"), str(path))
    except SignatureError:
        raise StoreError(path, "", "damaged: the survey's signer cannot be read; restore it from another "
                         "laptop of the study or the coordinator's signer.pub") from None
    if signed is None:
        raise StoreError(survey.path, "", f'not signed, but survey "{survey.id}" on this laptop is signed by key '
                         f"{pinned.fingerprint}: use the coordinator's signed file (with its {SIGNATURE_SUFFIX})")
    if signed.signer != pinned:
        raise StoreError(survey.path, "", f"signed by key {signed.signer.fingerprint}, but survey \"{survey.id}\" on "
                         f"this laptop is signed by key {pinned.fingerprint}: this file is not the coordinator's")
    return pinned


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
    id, None: unsigned), to whom answers are sealed (short recipients), and why its
    signature cannot be trusted (one line, None when it verified or is absent)."""

    signer: str | None
    recipients: tuple[str, ...]
    problem: str | None = None


def signature_path(survey: Survey) -> Path:
    """Where ``survey``'s signature is, if it has one: ``SURVEY.minisig`` beside it."""
    return Path(str(survey.path) + SIGNATURE_SUFFIX)


def custody_of(survey: Survey) -> Custody:
    """The survey's :class:`Custody`: its signature checked now (two small files read)."""
    recipients = tuple(short_recipient(r) for r in survey.recipients)
    try:
        signed = survey_signature(survey)
    except (SignatureError, StoreError) as error:
        return Custody(None, recipients, str(error))
    return Custody(None if signed is None else signed.signer.fingerprint, recipients)
