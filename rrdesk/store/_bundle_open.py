"""Opening an export bundle: hostile input, read strictly (``rrdesk/store/FORMAT.md`` §2.3, §2.4, §2.6).

:func:`open_bundle` decrypts a bundle, reads its tar strictly and checks every file against
the manifest (threat model 5); the names and limits here are those an export writes too
(:mod:`rrdesk.store.bundle`, which re-exports everything public in this module).
"""
from __future__ import annotations

import errno
import hashlib
import io
import json
import re
import tarfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from rrdesk.core.errors import BundleError, os_reason
from rrdesk.core.fileio import read_capped
from rrdesk.store import age
from rrdesk.store._frames import MAX_SURVEY_ID, SURVEY_ID

__all__ = ["Bundle", "FORMAT", "KEY_NAME", "LOG_NAME", "MANIFEST", "MAX_BUNDLE", "SUFFIX", "SURVEY_FILE",
           "TORN_DIR", "TORN_NAME", "open_bundle"]

FORMAT = "rrdesk-bundle/1"
MANIFEST = "manifest.json"
SURVEY_FILE = "survey.toml"
TORN_DIR = "torn/"
SUFFIX = ".tar.age"
MAX_BUNDLE = 2 << 30
# why: a survey's logs are a few MB (a record is ~1 KB); 2 GiB bounds what a hostile or
# mistaken file makes us read into memory, and stays far above any real export.
_AGE_MAGIC = b"age-encryption.org/v1\n"

# why: a member name becomes a file name on the coordinator's disk (``tar x``), so only plain
# names of safe characters, never a path, a leading dot, or anything the shell treats specially.
_BASE = r"[A-Za-z0-9][A-Za-z0-9._-]{0,199}"
LOG_NAME = re.compile(_BASE + r"\.rrlog\Z")
KEY_NAME = re.compile(_BASE + r"\.rrlog\.key\Z")
TORN_NAME = re.compile(_BASE + r"\.rrlog\.torn-[A-Za-z0-9._-]{1,64}\Z")
_HEX32 = re.compile(r"[0-9a-f]{32}\Z")
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
_MANIFEST_KEYS = {"format", "survey", "device", "exported", "rrdesk", "survey_file", "logs", "keys", "torn"}
_FILE_KEYS = frozenset({"name", "size", "sha256"})
_LOG_KEYS = _FILE_KEYS | {"records", "problems"}
_LISTS = {"logs": LOG_NAME, "keys": KEY_NAME, "torn": TORN_NAME}


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


def _sha(data: bytes) -> str:
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
    path = Path(path)
    try:  # a FIFO, a device or /dev/zero is refused unread: never a hang, never a MemoryError
        sealed = read_capped(path, MAX_BUNDLE)
    except FileNotFoundError:
        raise BundleError(path, "", "no such file") from None
    except OSError as error:
        if error.errno == errno.EFBIG:
            raise BundleError(path, "", "not an rrdesk bundle (larger than 2 GiB)") from None
        raise BundleError(path, "", f"cannot be read: {os_reason(error)}") from None
    if not sealed.startswith(_AGE_MAGIC):
        raise BundleError(path, "", "not an rrdesk bundle (not an age file)")
    try:
        plain = age.decrypt(sealed, identities)
    except age.NoMatchError:
        raise BundleError(path, "", "cannot decrypt with this identity (it is sealed to another key, "
                                    "or its header is damaged)") from None
    except age.AgeError as error:
        raise BundleError(path, "", f"damaged ({error})") from None
    members = _members(path, plain)
    manifest = _manifest(path, members.pop(MANIFEST, None))
    listed = {SURVEY_FILE: manifest["survey_file"]}
    listed.update((e["name"], e) for e in manifest["logs"])
    listed.update((e["name"], e) for e in manifest["keys"])
    listed.update((TORN_DIR + e["name"], e) for e in manifest["torn"])
    for name in members:
        if name not in listed:
            raise BundleError(path, "", f"not an rrdesk bundle (member {_show(name)} is not listed in the manifest)")
    for name, entry in listed.items():
        blob = members.get(name)
        if blob is None:
            raise BundleError(path, "", f"manifest lists {_show(name)}, which the bundle does not hold")
        if len(blob) != entry["size"] or _sha(blob) != entry["sha256"]:
            raise BundleError(path, "", f"manifest: {_show(name)} does not match its size and sha256")
    return Bundle(manifest=manifest, survey_text=members[SURVEY_FILE],
                  logs={e["name"]: members[e["name"]] for e in manifest["logs"]},
                  keys={e["name"]: members[e["name"]] for e in manifest["keys"]},
                  torn={e["name"]: members[TORN_DIR + e["name"]] for e in manifest["torn"]}, path=path)


def _expected(name: str) -> bool:
    if name.startswith(TORN_DIR):
        return bool(TORN_NAME.match(name[len(TORN_DIR):]))
    return name in (MANIFEST, SURVEY_FILE) or bool(LOG_NAME.match(name) or KEY_NAME.match(name))


def _members(path: Path, plain: bytes) -> dict[str, bytes]:
    """The tar's members by name; strict: regular files with the expected names only."""
    def refuse(name: str, what: str) -> BundleError:
        return BundleError(path, "", f"not an rrdesk bundle (member {_show(name)} {what})")

    found: dict[str, bytes] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(plain), mode="r:") as tar:
            for member in tar:
                name = member.name
                if member.type not in (tarfile.REGTYPE, tarfile.AREGTYPE) or member.issparse():
                    raise refuse(name, "is not a regular file")
                if name.startswith("/") or "\\" in name or ".." in name.split("/") or not _expected(name):
                    raise refuse(name, "is unexpected")
                if name in found or member.size > MAX_BUNDLE:
                    raise refuse(name, "appears twice" if name in found else "is too large")
                extracted = tar.extractfile(member)
                found[name] = extracted.read() if extracted else b""
                if len(found[name]) != member.size:
                    raise BundleError(path, "", f"damaged (member {_show(name)} is cut short)")
            end = tar.offset
    except (tarfile.TarError, EOFError, ValueError, UnicodeError, OverflowError):
        raise BundleError(path, "", "not an rrdesk bundle (not a tar archive)") from None
    # why: tarfile stops quietly at a damaged header after the first; whatever follows the
    # end of the archive must be its zero padding, never unread data
    if plain[end:].strip(b"\0"):
        raise BundleError(path, "", "not an rrdesk bundle (data after the end of the archive)")
    return found


def _is_survey_id(value: Any) -> bool:
    return isinstance(value, str) and SURVEY_ID.fullmatch(value.encode("ascii", "replace")) is not None \
        and len(value) <= MAX_SURVEY_ID


def _manifest(path: Path, raw: bytes | None) -> dict[str, Any]:
    """The manifest, checked field by field (every file entry: a safe name, a size, a sha256)."""
    def bad(what: str) -> BundleError:
        return BundleError(path, "", f"manifest {what}")

    if raw is None:
        raise BundleError(path, "", "not an rrdesk bundle (no manifest.json)")
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: hostile nesting
        raise bad("is not JSON") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise bad(f'is not "{FORMAT}"')
    if set(manifest) != _MANIFEST_KEYS:
        raise bad(f"must have exactly the fields {', '.join(sorted(_MANIFEST_KEYS))}")
    fields = (_is_survey_id(manifest["survey"]), isinstance(manifest["device"], str)
              and _HEX32.match(manifest["device"]), isinstance(manifest["exported"], str),
              isinstance(manifest["rrdesk"], str), all(isinstance(manifest[k], list) for k in _LISTS))
    if not all(fields):
        raise bad("has a field of the wrong kind (survey, device, exported, rrdesk, logs, keys or torn)")
    entries = [(manifest["survey_file"], re.compile(re.escape(SURVEY_FILE) + r"\Z"), _FILE_KEYS)]
    entries += [(e, pattern, _LOG_KEYS if key == "logs" else _FILE_KEYS)
                for key, pattern in _LISTS.items() for e in manifest[key]]
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
    for key in _LISTS:
        names = [value["name"] for value in manifest[key]]
        if len(set(names)) != len(names):
            raise bad(f'lists a file twice in "{key}"')
    if not manifest["logs"]:
        raise bad("lists no log")
    return manifest
