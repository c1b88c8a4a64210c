"""Opening an export bundle: hostile input, read strictly (``rrdesk/store/FORMAT.md`` §2.3, §2.4, §2.6).

:func:`open_bundle` decrypts a bundle, reads its tar strictly and checks every file against
the manifest (threat model 5); the names and limits here are those an export writes too
(:mod:`rrdesk.store.bundle._export`, which re-exports everything public in this module).
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import tarfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Protocol, Sequence

from rrdesk.core.errors import (
    AgeError,
    BundleError,
    BundleUnreadable,
    HeaderError,
    NoMatchError,
    PayloadError,
    os_reason,
)
from rrdesk.core.fileio import open_capped
from rrdesk.core.nesting import too_deep
from rrdesk.store import age
from rrdesk.store.age import SealedFile
from rrdesk.store.laptop import MAX_SIGNATURE, SIGNATURE, SIGNED_FORMAT
from rrdesk.store.log import MAX_SURVEY_ID, SURVEY_ID
from rrdesk.store.trusted import DAMAGED, HOW, MAX_EVENTS

__all__ = ["Bundle", "FORMAT", "FORMAT_V1", "HEADER_SIGNATURE_NAME", "KEY_NAME", "LOG_NAME", "MANIFEST", "MAX_BUNDLE", "SUFFIX", "SURVEY_FILE",
           "SURVEY_SIGNATURE", "TORN_DIR", "TORN_NAME", "VERSIONS_DIR", "VERSION_NAME", "left_out_lines",
           "open_bundle"]

FORMAT = SIGNED_FORMAT     # why: what an export writes: signed by its laptop (§2.8)
FORMAT_V1 = "rrdesk-bundle/1"  # why: unsigned bundles of earlier versions still open (reported as unsigned)
MANIFEST = "manifest.json"
SURVEY_FILE = "survey.toml"
SURVEY_SIGNATURE = "survey.toml.minisig"  # why: the coordinator's signature of the survey copy, as the laptop kept it
TORN_DIR = "torn/"
VERSIONS_DIR = "versions/"  # why: the survey copies of earlier versions the laptop recorded with (§2.3, §3)
SUFFIX = ".tar.age"
MAX_BUNDLE = 2 << 30
# why: a survey's logs are a few MB (a record is ~1 KB); 2 GiB bounds what a hostile or
# mistaken file makes us read into memory, and stays far above any real export.
_AGE_MAGIC = b"age-encryption.org/v1\n"
MAX_SMALL = 16 << 20
# why: the members read whole (manifest, survey copy, key files) are a few KB; 16 MiB bounds
# what a hostile bundle makes us hold while leaving room for any real one (logs are streamed)
_PIECE = 1 << 20  # why: a log streams through in 1 MiB pieces: few calls, little memory

# why: a member name becomes a file name on the coordinator's disk (``tar x``), so only plain
# names of safe characters, never a path, a leading dot, or anything the shell treats specially.
_BASE = r"[A-Za-z0-9][A-Za-z0-9._-]{0,199}"
LOG_NAME = re.compile(_BASE + r"\.rrlog\Z")
KEY_NAME = re.compile(_BASE + r"\.rrlog\.key\Z")
HEADER_SIGNATURE_NAME = re.compile(_BASE + r"\.rrlog\.minisig\Z")  # a log's header signature (§1.11)
_KEY_OR_SIGNATURE = re.compile(_BASE + r"\.rrlog\.(key|minisig)\Z")  # what the manifest's "keys" lists
TORN_NAME = re.compile(_BASE + r"\.rrlog\.torn-[A-Za-z0-9._-]{1,64}\Z")
# a kept version's copy or its signature: the survey version rule (core/_survey_study.IDENT) + .toml
VERSION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}\.toml(\.minisig)?\Z")
HEX32 = re.compile(r"[0-9a-f]{32}\Z")
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
_MANIFEST_KEYS = {"format", "survey", "device", "exported", "rrdesk", "survey_file", "logs", "keys", "torn"}
_MANIFEST_KEYS_V2 = _MANIFEST_KEYS | {"signer", "survey_signature"}
_MANIFEST_KEYS_VERSIONS = _MANIFEST_KEYS_V2 | {"versions"}  # why: only when versions are kept, so older readers open the rest
_KEY_ID = re.compile(r"[0-9A-F]{16}\Z")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_FILE_KEYS = frozenset({"name", "size", "sha256"})
_LOG_KEYS = _FILE_KEYS | {"records", "problems"}
_LISTS = {"logs": LOG_NAME, "keys": _KEY_OR_SIGNATURE, "torn": TORN_NAME}
_WHY = re.compile(r"[ -~]{1,200}")  # why a file was left out: what the OS said, printable ASCII (§2.4)
_MAX_LEFT_OUT = 100_000  # why: at most one entry a side file; a folder holds fewer by far


@dataclass(frozen=True)
class Bundle:
    """A decrypted bundle whose every file matched its manifest.

    ``logs`` maps each log's name to its bytes, ``keys`` each key file's name (``<log>.key``),
    ``torn`` each torn-tail side file's name (without ``torn/``).
    """

    manifest: Mapping[str, Any]
    survey_text: bytes
    logs: Mapping[str, bytes]
    keys: Mapping[str, bytes]
    torn: Mapping[str, bytes]
    path: Path = field(default=Path(""), compare=False)
    manifest_bytes: bytes = b""           # the manifest as signed (§2.8)
    signature: bytes | None = None        # manifest.json.minisig (None: a /1 bundle)
    survey_signature: bytes | None = None  # survey.toml.minisig (None: the survey copy was unsigned)
    versions: Mapping[str, bytes] = field(default_factory=dict)  # versions/<version>.toml[.minisig], by name without versions/


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _show(name: str) -> str:
    """A member name as safe to print (a hostile name may hold terminal escapes)."""
    return ascii(name[:100])


def open_bundle(path: Path, identities: Sequence[age.Identity]) -> Bundle:
    """Decrypt ``path`` with ``identities`` and check every file against the manifest.

    Raises
    ------
    BundleError
        "not an rrdesk bundle (…)", "cannot decrypt with this identity", "damaged (…)",
        "manifest …"; always naming the bundle file.
    """
    read = read_bundle(Path(path), identities, lambda name, at: _Bytes())
    return Bundle(manifest=read.manifest, survey_text=read.survey_text, logs=read.logs, keys=read.keys,
                  torn=read.torn, path=Path(path), manifest_bytes=read.manifest_bytes, signature=read.signature,
                  survey_signature=read.survey_signature, versions=read.versions)


class Sink(Protocol):
    """Takes one member's bytes in pieces (a log or a torn-tail side file)."""

    def feed(self, data: bytes) -> None: ...

    def finish(self) -> Any: ...


class _Bytes:
    def __init__(self) -> None:
        self.data = bytearray()

    def feed(self, data: bytes) -> None:
        self.data += data

    def finish(self) -> bytes:
        return bytes(self.data)


@dataclass(frozen=True)
class Read:
    """A bundle read by :func:`read_bundle`: what each sink gave for each log and side file,
    and the small files whole. ``digest`` names the age header and nonce (its file key)."""

    manifest: Mapping[str, Any]
    survey_text: bytes
    logs: Mapping[str, Any]
    keys: Mapping[str, bytes]
    torn: Mapping[str, Any]
    digest: bytes
    size: int
    manifest_bytes: bytes = b""
    signature: bytes | None = None
    survey_signature: bytes | None = None
    versions: Mapping[str, bytes] = field(default_factory=dict)


def read_bundle(path: Path, identities: Sequence[age.Identity], sink: Callable[[str, int], Sink] | None) -> Read:
    """Read a bundle as a stream, checking all that :func:`open_bundle` checks, holding at
    most a chunk of it at a time plus its small files (manifest, survey, key files):
    every log and torn-tail side file goes through ``sink(name, offset)`` in pieces (``offset``:
    where its data starts in the plaintext) (FORMAT.md §2.6).

    With ``sink`` None only the manifest and the survey copies (the current one and the kept
    versions) are read and checked (the
    logs, keys and side files are left unread and absent from the result): enough to know
    which survey a bundle holds.

    Raises
    ------
    BundleError
        As :func:`open_bundle`.
    """
    try:  # a FIFO, a device or /dev/zero is refused unread: never a hang, never a MemoryError
        fd = open_capped(path, MAX_BUNDLE)
    except FileNotFoundError:
        raise BundleError(path, "", "no such file") from None
    except OSError as error:
        if error.errno == errno.EFBIG:
            raise BundleError(path, "", "not an rrdesk bundle (larger than 2 GiB)") from None
        if error.errno in (errno.EINVAL, errno.EISDIR, errno.ENXIO):  # not a regular file: not a bundle
            raise BundleError(path, "", f"cannot be read: {os_reason(error)}") from None
        raise BundleUnreadable(path, "", f"could not be read: {os_reason(error)}") from None
    with os.fdopen(fd, "rb", buffering=0) as raw:
        try:
            if os.pread(fd, len(_AGE_MAGIC), 0) != _AGE_MAGIC:
                raise BundleError(path, "", "not an rrdesk bundle (not an age file)")
            try:
                sealed = SealedFile(raw, identities)
            except (PayloadError, HeaderError) as error:
                # why: opening authenticates the last chunk, so a file cut short -- a copy to the
                # stick not finished, a stick pulled out -- fails here, as damage at its end would
                if isinstance(error, PayloadError) or "ends early" in str(error):
                    raise BundleError(path, "", f"incomplete or cut short (is it still being copied? copy it "
                                                f"again), or damaged at its end ({error})") from None
                raise
            return _read(path, sealed, sink)
        except NoMatchError:
            raise BundleError(path, "", "cannot decrypt with this identity (it is sealed to another key, "
                                        "or its header is damaged)") from None
        except AgeError as error:
            raise BundleError(path, "", f"damaged ({error})") from None
        except OSError as error:
            raise BundleUnreadable(path, "", f"could not be read: {os_reason(error)} (the disk or the stick, "
                                             "not the bundle: try again)") from None


def _read(path: Path, sealed: SealedFile, sink: Callable[[str, int], Sink] | None) -> Read:
    members = _members(path, sealed)
    raw = _whole(path, sealed, members.pop(MANIFEST)) if MANIFEST in members else None
    manifest = _manifest(path, raw)
    signed = members.pop(SIGNATURE, None)
    if (signed is None) != (manifest["format"] == FORMAT_V1):
        raise BundleError(path, "", f"not an rrdesk bundle ({manifest['format']} "
                                    f"{'without' if signed is None else 'with'} {SIGNATURE})")
    signature: bytes | None = None
    if signed is not None:
        if signed.size > MAX_SIGNATURE:
            raise BundleError(path, "", f"not an rrdesk bundle (member {SIGNATURE} is too large)")
        signature = _whole(path, sealed, signed)
    listed = {SURVEY_FILE: manifest["survey_file"]}
    if manifest.get("survey_signature") is not None:
        listed[SURVEY_SIGNATURE] = manifest["survey_signature"]
    listed.update((e["name"], e) for e in manifest["logs"])
    listed.update((e["name"], e) for e in manifest["keys"])
    listed.update((TORN_DIR + e["name"], e) for e in manifest["torn"])
    listed.update((VERSIONS_DIR + e["name"], e) for e in manifest.get("versions", ()))
    for name in members:
        if name not in listed:
            raise BundleError(path, "", f"not an rrdesk bundle (member {_show(name)} is not listed in the manifest)")
    for name, entry in listed.items():
        if name not in members:
            raise BundleError(path, "", f"manifest lists {_show(name)}, which the bundle does not hold")
    found: dict[str, Any] = {}
    if sink is None:
        listed = {name: entry for name, entry in listed.items()
                  if name in (SURVEY_FILE, SURVEY_SIGNATURE) or name.startswith(VERSIONS_DIR)}
    for name, entry in listed.items():
        info = members[name]
        streamed = (name not in (SURVEY_FILE, SURVEY_SIGNATURE) and not _KEY_OR_SIGNATURE.match(name)
                    and not name.startswith(VERSIONS_DIR))
        if (HEADER_SIGNATURE_NAME.match(name) or name.endswith(".toml.minisig")) and info.size > MAX_SIGNATURE:
            raise BundleError(path, "", f"not an rrdesk bundle (member {_show(name)} is too large)")
        digest = hashlib.sha256()
        if info.size == entry["size"] and streamed and sink is not None:  # (no sink: none is listed)
            into = sink(name, info.offset_data)
            for piece in _pieces(sealed, info):
                digest.update(piece)
                into.feed(piece)
            found[name] = into.finish()
        elif info.size == entry["size"]:
            found[name] = _whole(path, sealed, info)
            digest.update(found[name])
        if info.size != entry["size"] or digest.hexdigest() != entry["sha256"]:
            raise BundleError(path, "", f"manifest: {_show(name)} does not match its size and sha256")
    return Read(manifest=manifest, survey_text=found[SURVEY_FILE],
                logs={e["name"]: found[e["name"]] for e in manifest["logs"] if e["name"] in found},
                keys={e["name"]: found[e["name"]] for e in manifest["keys"] if e["name"] in found},
                torn={e["name"]: found[TORN_DIR + e["name"]] for e in manifest["torn"] if TORN_DIR + e["name"] in found},
                digest=sealed.digest, size=sealed.size, manifest_bytes=raw or b"", signature=signature,
                survey_signature=found.get(SURVEY_SIGNATURE),
                versions={e["name"]: found[VERSIONS_DIR + e["name"]] for e in manifest.get("versions", ())})


def _pieces(sealed: SealedFile, info: tarfile.TarInfo) -> Iterator[bytes]:
    at, end = info.offset_data, info.offset_data + info.size
    while at < end:
        piece = sealed.read_at(at, min(_PIECE, end - at))
        yield piece
        at += len(piece)


def _whole(path: Path, sealed: SealedFile, info: tarfile.TarInfo) -> bytes:
    if info.size > MAX_SMALL:
        raise BundleError(path, "", f"not an rrdesk bundle (member {_show(info.name)} is too large)")
    return b"".join(_pieces(sealed, info))


def _expected(name: str) -> bool:
    if name.startswith(TORN_DIR):
        return bool(TORN_NAME.match(name[len(TORN_DIR):]))
    if name.startswith(VERSIONS_DIR):
        return bool(VERSION_NAME.match(name[len(VERSIONS_DIR):]))
    return name in (MANIFEST, SURVEY_FILE, SIGNATURE, SURVEY_SIGNATURE) or bool(LOG_NAME.match(name) or _KEY_OR_SIGNATURE.match(name))


def _members(path: Path, sealed: SealedFile) -> dict[str, tarfile.TarInfo]:
    """The tar's members by name, their data unread; strict: regular files with the expected
    names only, each wholly inside the archive, nothing but zeros after its end."""
    def refuse(name: str, what: str) -> BundleError:
        return BundleError(path, "", f"not an rrdesk bundle (member {_show(name)} {what})")

    found: dict[str, tarfile.TarInfo] = {}
    try:
        sealed.seek(0)
        with tarfile.open(fileobj=sealed, mode="r:") as tar:
            for member in tar:
                name = member.name
                if member.type not in (tarfile.REGTYPE, tarfile.AREGTYPE) or member.issparse():
                    raise refuse(name, "is not a regular file")
                if name.startswith("/") or "\\" in name or ".." in name.split("/") or not _expected(name):
                    raise refuse(name, "is unexpected")
                if name in found or member.size > MAX_BUNDLE:
                    raise refuse(name, "appears twice" if name in found else "is too large")
                if member.offset_data + member.size > sealed.size:
                    raise BundleError(path, "", f"damaged (member {_show(name)} is cut short)")
                found[name] = member
            end = tar.offset
    except (tarfile.TarError, EOFError, ValueError, UnicodeError, OverflowError):
        raise BundleError(path, "", "not an rrdesk bundle (not a tar archive)") from None
    except RecursionError:  # why: tarfile reads a chain of pax headers by recursion; an export has none
        raise BundleError(path, "", "not an rrdesk bundle (a chain of extended tar headers)") from None
    # why: tarfile stops quietly at a damaged header after the first; whatever follows the
    # end of the archive must be its zero padding, never unread data
    while end < sealed.size:
        piece = sealed.read_at(end, min(_PIECE, sealed.size - end))
        if piece.strip(b"\0"):
            raise BundleError(path, "", "not an rrdesk bundle (data after the end of the archive)")
        end += len(piece)
    return found


def is_survey_id(value: Any) -> bool:
    return isinstance(value, str) and SURVEY_ID.fullmatch(value.encode("ascii", "replace")) is not None \
        and len(value) <= MAX_SURVEY_ID


def _trusted_keys(value: Any) -> bool:
    """Whether the manifest's ``trusted_keys`` has its shape (FORMAT.md §2.4): a non-empty list of
    ``{"day", "how", "key"}``, a key id (or null for ``damaged``) each."""
    return isinstance(value, list) and 0 < len(value) <= MAX_EVENTS and all(
        isinstance(e, dict) and set(e) == {"day", "how", "key"} and isinstance(e["day"], str)
        and _DAY.fullmatch(e["day"]) is not None and (
            e["how"] in HOW and isinstance(e["key"], str) and _KEY_ID.match(e["key"]) is not None
            or e["how"] == DAMAGED and e["key"] is None) for e in value)


def _manifest(path: Path, raw: bytes | None) -> dict[str, Any]:
    """The manifest, checked field by field (every file entry: a safe name, a size, a sha256)."""
    def bad(what: str) -> BundleError:
        return BundleError(path, "", f"manifest {what}")

    if raw is None:
        raise BundleError(path, "", "not an rrdesk bundle (no manifest.json)")
    if (deep := too_deep(raw)) is not None:  # before json recurses (rrdesk.core.nesting)
        raise BundleError(path, "", f"manifest, {deep[0]}: {deep[1]}")
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: hostile nesting
        raise bad("is not JSON") from None
    if not isinstance(manifest, dict) or manifest.get("format") not in (FORMAT, FORMAT_V1):
        raise bad(f'is not "{FORMAT}" (or "{FORMAT_V1}")')
    fields_wanted = _MANIFEST_KEYS if manifest["format"] == FORMAT_V1 else _MANIFEST_KEYS_V2
    if fields_wanted is _MANIFEST_KEYS_V2 and set(manifest) - {"trusted_keys", "left_out"} == _MANIFEST_KEYS_VERSIONS:
        fields_wanted = _MANIFEST_KEYS_VERSIONS
    if fields_wanted is not _MANIFEST_KEYS and "trusted_keys" in manifest:  # §2.4: only after a replaced key
        fields_wanted = fields_wanted | {"trusted_keys"}
        if not _trusted_keys(manifest["trusted_keys"]):
            raise bad("has trusted_keys that is not a list of day, how and key id (absent for a first key)")
    if fields_wanted is not _MANIFEST_KEYS and "left_out" in manifest:  # §2.4: only when a file was left out
        fields_wanted = fields_wanted | {"left_out"}
        if not _left_out(manifest["left_out"]):
            raise bad("has left_out that is not a list of member names and reasons (absent when nothing was left out)")
    if set(manifest) != fields_wanted:
        raise bad(f"must have exactly the fields {', '.join(sorted(fields_wanted))}"
                  + (" (and versions)" if fields_wanted is _MANIFEST_KEYS_V2 else ""))
    if fields_wanted is _MANIFEST_KEYS_V2 and not (isinstance(manifest["signer"], str)
                                                    and _KEY_ID.match(manifest["signer"])):
        raise bad("has a signer that is not a key id (16 upper-case hex digits)")
    fields = (is_survey_id(manifest["survey"]), isinstance(manifest["device"], str)
              and HEX32.match(manifest["device"]), isinstance(manifest["exported"], str),
              isinstance(manifest["rrdesk"], str), all(isinstance(manifest[k], list) for k in _LISTS))
    if not all(fields):
        raise bad("has a field of the wrong kind (survey, device, exported, rrdesk, logs, keys or torn)")
    if not isinstance(manifest.get("versions", []), list) or manifest.get("versions") == []:
        raise bad("has versions that is not a list of file entries (absent when no version is kept)")
    entries = [(manifest["survey_file"], re.compile(re.escape(SURVEY_FILE) + r"\Z"), _FILE_KEYS)]
    if manifest.get("survey_signature") is not None:
        entries.append((manifest["survey_signature"], re.compile(re.escape(SURVEY_SIGNATURE) + r"\Z"), _FILE_KEYS))
    entries += [(e, pattern, _LOG_KEYS if key == "logs" else _FILE_KEYS)
                for key, pattern in _LISTS.items() for e in manifest[key]]
    entries += [(e, VERSION_NAME, _FILE_KEYS) for e in manifest.get("versions", ())]
    for value, pattern, keys in entries:
        if (not isinstance(value, dict) or set(value) != keys or not isinstance(value["name"], str)
                or type(value["size"]) is not int or value["size"] < 0
                or not isinstance(value["sha256"], str) or not _HEX64.match(value["sha256"])
                or keys is _LOG_KEYS and (type(value["records"]) is not int or value["records"] < 0
                                          or not isinstance(value["problems"], list)
                                          or not all(isinstance(p, str) for p in value["problems"]))):
            raise bad(f"has a malformed file entry (each has exactly {', '.join(sorted(keys))})")
        if not pattern.match(value["name"]):
            raise bad(f"has a file entry with an unexpected name {_show(value['name'])}")
    for key in (*_LISTS, "versions"):
        names = [value["name"] for value in manifest.get(key, ())]
        if len(set(names)) != len(names):
            raise bad(f'lists a file twice in "{key}"')
    if not manifest["logs"]:
        raise bad("lists no log")
    listed = {manifest["survey_file"]["name"], *(e["name"] for e in manifest["logs"]),
              *(e["name"] for e in manifest["keys"]), *(TORN_DIR + e["name"] for e in manifest["torn"]),
              *(VERSIONS_DIR + e["name"] for e in manifest.get("versions", ()))}
    if manifest.get("survey_signature") is not None:
        listed.add(SURVEY_SIGNATURE)
    if any(e["name"] in listed for e in manifest.get("left_out", ())):
        raise bad("says a file was left out that the bundle lists")
    return manifest


def left_out_lines(manifest: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    """(member name, what to say) for each side file the laptop's export left out (§2.4)."""
    return [(e["name"], f"left out by the laptop's export: {e['why']}")
            for e in (manifest or {}).get("left_out", ())]


def _left_out(value: Any) -> bool:
    """Whether the manifest's ``left_out`` has its shape (FORMAT.md §2.4): a non-empty list of
    ``{"name", "why"}``, each name a side file's member name, once, each why printable ASCII."""
    if not isinstance(value, list) or not value or len(value) > _MAX_LEFT_OUT:
        return False
    names = [e.get("name") if isinstance(e, dict) else None for e in value]
    return len(set(names)) == len(names) and all(
        isinstance(e, dict) and set(e) == {"name", "why"} and isinstance(e["name"], str)
        and _side_member(e["name"]) and isinstance(e["why"], str) and _WHY.fullmatch(e["why"]) is not None
        for e in value)


def _side_member(name: str) -> bool:
    """Whether ``name`` is a side file's member name (one an export may leave out, §2.5)."""
    if name.startswith(TORN_DIR):
        return bool(TORN_NAME.match(name[len(TORN_DIR):]))
    if name.startswith(VERSIONS_DIR):
        return bool(VERSION_NAME.match(name[len(VERSIONS_DIR):]))
    return name == SURVEY_SIGNATURE or bool(_KEY_OR_SIGNATURE.match(name))
