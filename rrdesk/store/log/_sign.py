"""A laptop's signature on each of its log headers (FORMAT.md §1.11): ``<log>.rrlog.minisig``.

When a station creates a log it signs the log's exact header bytes (§1.2) with the laptop's own
key (``DATA/laptop.minisign.key``, :mod:`rrdesk.store.laptop`) and writes the signature
beside the log, durably, before the first record. A log left without one (a crash between the
header and its signature, or a log from before headers were signed) gets it the next time a
station opens the folder -- only a log whose header names this laptop's device: a log copied
in from another laptop's folder is never signed here, so it stays visibly foreign.

The coordinator's side (:func:`header_problem`, :func:`bundle_problems`) checks each log of a
signed bundle: the signature is there, verifies with the key that signed the bundle (the
enrolled one), and its trusted comment names this log's survey, device, log id and header hash.
One verification per log, never per record.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Iterable, Mapping, Protocol

from rrdesk.core.errors import SignatureError, StoreError, os_reason
from rrdesk.core.fileio import FileOps, create_once, mapped, open_capped, read_capped_if_present
from rrdesk.core.problems import Problem
from rrdesk.store import minisign
from rrdesk.store.laptop import MAX_SIGNATURE, SIGNED_FORMAT
from rrdesk.store.laptop import problem as signed_by
from rrdesk.store.log._frames import MAX_HEADER, Header, encode_header, parse_header
from rrdesk.store.log._writer import MAX_LOG

__all__ = ["LOG_SIGNED", "SUFFIX", "bundle_problems", "folder_problems", "header_bytes", "header_problem",
           "sign_own_logs", "signature_path", "trusted_comment", "write_signature"]

LOG_SIGNED = "rrdesk-log/1"  # why: names what the trusted comment signs, and its version
SUFFIX = ".minisig"          # why: minisign's own name for a signature beside its file


def signature_path(log: Path) -> Path:
    """``<log>.rrlog.minisig`` beside the log."""
    return log.with_name(log.name + SUFFIX)


def header_bytes(header: Header) -> bytes:
    """The exact header bytes of a parsed header (the layout is fixed and its check was verified,
    so encoding its fields again gives the bytes the log holds)."""
    return encode_header(survey_id=header.survey_id, device_id=header.device_id, log_id=header.log_id,
                         created=header.created, sealed_first_key=header.sealed_first_key)


def trusted_comment(header: Header) -> str:
    """What a header signature says it is for (signed too: it cannot be moved to another log)."""
    digest = hashlib.sha256(header_bytes(header)).hexdigest()
    return (f"{LOG_SIGNED} survey {header.survey_id} device {header.device_id.hex()} "
            f"log {header.log_id.hex()} header-sha256 {digest}")


def sign_header(key: minisign.SecretKey, header: Header) -> bytes:
    """The ``.minisig`` text for the header's bytes (prehashed ``ED``, as a bundle's)."""
    return minisign.sign(key, minisign.file_hash([header_bytes(header)]), trusted_comment(header),
                         comment=f"rrdesk log header signature; laptop {header.device_id.hex()}").encode("ascii")


def write_signature(log: Path, header: Header, key: minisign.SecretKey, ops: FileOps) -> None:
    """Write the log's header signature durably (file and folder fsynced) unless it is there."""
    path = signature_path(log)
    with mapped(path, "could not be written"):
        create_once(path, sign_header(key, header), ops)


def sign_own_logs(folder: Path, device: bytes, key: minisign.SecretKey, ops: FileOps) -> int:
    """Sign every log of this device in ``folder`` that has no header signature yet (a crash
    between header and signature, or a log from before headers were signed); return how many.
    A log whose header cannot be read, or names another device, is left as it is (the verifier
    reports it). The caller holds the folder's lock."""
    signed = 0
    for log in sorted(Path(folder).glob(f"{device.hex()}-*.rrlog")):
        if signature_path(log).exists():
            continue
        try:  # regular files only: a FIFO named like a log never blocks a station
            fd = open_capped(log, MAX_LOG)
            try:
                found = parse_header(os.pread(fd, MAX_HEADER, 0))
            finally:
                os.close(fd)
        except OSError:
            continue
        if isinstance(found, str) or found[0].device_id != device:
            continue
        write_signature(log, found[0], key, ops)
        signed += 1
    return signed


def header_problem(header: Header, signature: bytes | None, key: minisign.PublicKey) -> str | None:
    """What is wrong with a log's header signature (None: the laptop ``key`` signed this header)."""
    name = f"{header.device_id.hex()}-{header.log_id.hex()}.rrlog{SUFFIX}"
    if signature is None:
        return f"{name} is missing: nothing proves laptop {header.device_id.hex()[:8]} began this log"
    if len(signature) > MAX_SIGNATURE:
        return f"{name} is too large to be a signature"
    try:
        said = minisign.verify(key, minisign.file_hash([header_bytes(header)]),
                               signature.decode("utf-8", "replace"), name)
    except SignatureError as error:
        return f"{name}: {error.what}: this log was not begun by the laptop that exported it"
    if said != trusted_comment(header):
        return f"{name}: signs another log header ({said[:120]!r})"
    return None


class HeadedLog(Protocol):
    """A log of a bundle as its header signature is checked: its member name and its header."""

    @property
    def member(self) -> str: ...

    @property
    def header(self) -> Header | None: ...


class HeldLog(Protocol):
    """A log of a data folder as its header signature is checked: its path and its bytes."""

    @property
    def file(self) -> str: ...

    @property
    def data(self) -> bytes: ...


def bundle_problems(manifest: Mapping[str, Any] | None, manifest_bytes: bytes, signature: bytes | None,
                    logs: Iterable[HeadedLog], signatures: Mapping[str, bytes],
                    laptops: Mapping[str, minisign.PublicKey] | None, file: str) -> dict[str, Problem]:
    """Each log of a signed (``/2``) bundle whose header signature is missing or fails, by member
    name: checked with the enrolled key, only once the bundle's own signature holds (a bundle
    whose origin fails is reported, and left out, as a whole). ``logs``: items with ``member``
    and ``header`` (None: unreadable, reported by the log checks)."""
    if laptops is None or manifest is None or manifest.get("format") != SIGNED_FORMAT:
        return {}
    if signed_by(manifest, manifest_bytes, signature, laptops) is not None:
        return {}
    key = laptops[manifest["device"]]
    found: dict[str, Problem] = {}
    for log in logs:
        if log.header is None:
            continue
        why = header_problem(log.header, signatures.get(log.member + SUFFIX), key)
        if why is not None:
            found[log.member] = Problem(file, None, why, log.member)
    return found


def folder_problems(logs: Iterable[HeldLog]) -> list[Problem]:
    """A data folder's logs (items with ``file`` and ``data``, read from disk) against the laptop key
    of the data folder they are in: none when that folder has no key yet (an older data folder)."""
    from rrdesk.store.laptop import LAPTOP_KEY, laptop_key  # why here: only a folder's own key

    problems: list[Problem] = []
    keys: dict[Path, minisign.PublicKey | None] = {}
    for item in logs:
        log = Path(item.file)
        data = log.parent.parent
        if data not in keys:
            try:
                keys[data] = laptop_key(data).public() if (data / LAPTOP_KEY).is_file() else None
            except StoreError as error:  # a damaged key is reported, never the end of the run
                problems.append(Problem(str(error.file), None, error.what))
                keys[data] = None
        found = parse_header(item.data[:MAX_HEADER])
        key = keys[data]
        if key is None or isinstance(found, str):
            continue
        try:
            signature = read_capped_if_present(signature_path(log), MAX_SIGNATURE)
        except OSError as error:
            problems.append(Problem(str(signature_path(log)), None, f"cannot be read: {os_reason(error)}"))
            continue
        why = header_problem(found[0], signature, key)
        if why is not None:
            problems.append(Problem(item.file, None, why))
    return problems
