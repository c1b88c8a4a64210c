"""A laptop's signature on its bundles (FORMAT.md §2.8): who wrote a bundle, checked against the
coordinator's list of enrolled laptops.

Each installation has its own minisign key (``DATA/laptop.minisign.key``, mode 0600, made once on
first use; the private key never leaves the laptop). An export signs the bundle's
``manifest.json`` with it -- the manifest holds the SHA-256 of every other member, so signing it
covers the whole bundle -- as the member ``manifest.json.minisig``, in minisign's format, whose
trusted comment binds the survey id, the device id and the manifest's SHA-256. ``minisign -Vm
manifest.json -P KEY`` checks it without rrdesk once the bundle is opened with ``age -d | tar x``.

The coordinator's side (:func:`problem`) says what is wrong with a bundle's origin, in one line:
unsigned (``rrdesk-bundle/1``), from a laptop not enrolled, signed by another key than the one
enrolled, or a signature that does not verify. Anyone can make a bundle (the recipients are
public); only an enrolled laptop's key makes one that passes.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Mapping

from rrdesk.core.errors import LaptopLost, SignatureError
from rrdesk.core.fileio import SIDE_FILE_LIMIT, OsOps, create_once, mapped, read_capped, read_if_present
from rrdesk.store import minisign

__all__ = ["LAPTOP_KEY", "SIGNATURE", "START_OVER", "laptop_key", "problem", "sign_manifest", "trusted_comment"]

LAPTOP_KEY = "laptop.minisign.key"  # why: DATA/laptop.minisign.key, minisign -S can use it as it is
SIGNATURE = "manifest.json.minisig"  # why: minisign's own name for a signature beside its file
SIGNED_FORMAT = "rrdesk-bundle/2"     # why: /1 bundles (unsigned) still open, and are reported
MAX_SIGNATURE = 16 << 10
# why: a minisign signature is about 350 bytes (its comments at most 9 KiB); a larger member is
# not one, and is refused unread


def laptop_key(data: Path) -> minisign.SecretKey:
    """This installation's signing key, made once on first use (whoever races to make it).

    Never made again in a folder whose logs it signed (a ``<log>.rrlog.minisig`` is there): a
    new key would make the coordinator reject every bundle of this laptop, its older records
    too, so a missing key (or a link to nothing in its place) is a :class:`LaptopLost` (a StoreError) saying
    how to recover (FORMAT.md §3).
    """
    path = Path(data) / LAPTOP_KEY
    with mapped(path, "cannot be read"):
        raw = read_if_present(path)
    if raw is None:
        # why a link, not anything there: another process making the key links it in between
        # the read and this check, and its key is then read below, never called lost
        if os.path.islink(path) and not os.path.exists(path):
            raise LaptopLost(path, "", "a link to a file that is not there: this laptop's signing key is lost; "
                             f"{_RECOVER}") from None
        if (signed := _signed_log(Path(data))) is not None:
            raise LaptopLost(path, "", f"missing, but it signed {signed.parent.name}/{signed.name}: a new key would "
                             f"make the coordinator reject every bundle of this laptop; {_RECOVER}") from None
        key = minisign.generate()
        with mapped(Path(data), "cannot be created"):
            Path(data).mkdir(parents=True, exist_ok=True)
        with mapped(path, "could not be written"):
            create_once(path, key.text("rrdesk laptop signing key (minisign, no password)").encode("ascii"), OsOps())
        with mapped(path, "cannot be read"):
            raw = read_capped(path, SIDE_FILE_LIMIT)  # the winner's key, if another process made it first
    try:
        return minisign.read_secret(raw.decode("ascii", "replace"), str(path))
    except SignatureError as error:
        raise LaptopLost(path, "", f"damaged ({error.what}): this laptop can no longer sign its exports; "
                         f"{_RECOVER}") from None


START_OVER = ("rrdesk enrollment --data DATA --to STICK --start-over (moves this data folder aside: the bundles "
              "it exported stay readable), then enroll the laptop again")
_RECOVER = f"restore laptop.minisign.key from this laptop's backup; if it is lost for good, start this laptop over: {START_OVER}"


def _signed_log(data: Path) -> Path | None:
    """A log header signature in a survey folder of ``data`` (None: no log was signed here)."""
    try:
        return next(iter(sorted(data.glob("*/*.rrlog.minisig"))), None)
    except OSError:
        return None


def trusted_comment(survey: str, device: str, manifest: bytes) -> str:
    """What a bundle signature says it is for (signed too, so it cannot be moved to another bundle)."""
    return f"{SIGNED_FORMAT} survey {survey} device {device} manifest-sha256 {hashlib.sha256(manifest).hexdigest()}"


def sign_manifest(key: minisign.SecretKey, manifest: bytes, survey: str, device: str) -> bytes:
    """The ``manifest.json.minisig`` member for the manifest's bytes."""
    return minisign.sign(key, minisign.file_hash([manifest]), trusted_comment(survey, device, manifest),
                         comment=f"rrdesk bundle signature; laptop {device}").encode("ascii")


def problem(manifest: Mapping[str, Any], manifest_bytes: bytes, signature: bytes | None,
            laptops: Mapping[str, minisign.PublicKey]) -> str | None:
    """What is wrong with the bundle's origin (None: signed by the enrolled laptop it names).

    ``laptops`` maps each enrolled device id to its public key (the coordinator's list).
    """
    device = manifest["device"]
    if manifest.get("format") != SIGNED_FORMAT or signature is None:
        return (f"unsigned ({manifest.get('format')}, from before laptops signed their bundles): nothing "
                f"proves that laptop {device[:8]} wrote it")
    key = laptops.get(device)
    if key is None:
        return (f"from laptop {device[:8]} (key {manifest['signer']}), which is not enrolled: nothing proves "
                "it came from one of your laptops (if it is yours: rrdesk enroll its enrollment file)")
    if key.fingerprint != manifest["signer"]:
        return (f"signed by key {manifest['signer']}, but laptop {device[:8]} is enrolled with key "
                f"{key.fingerprint}: not made by that laptop")
    try:
        said = minisign.verify(key, minisign.file_hash([manifest_bytes]), signature.decode("utf-8", "replace"),
                               SIGNATURE)
    except SignatureError as error:
        return f"{SIGNATURE}: {error.what}: the bundle was changed after laptop {device[:8]} signed it"
    if said != trusted_comment(manifest["survey"], device, manifest_bytes):
        return f"{SIGNATURE}: signs another bundle ({said[:120]!r})"
    return None
