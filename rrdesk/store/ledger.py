"""The coordinator's ledger: what every earlier bundle showed of every log, so that a later
bundle cannot quietly show less.

A laptop's log is a hash chain (FORMAT.md §1.3): the check of its last frame, the *head*,
commits to every record before it. The ledger keeps, per survey, laptop and log, the longest
verified prefix any counted bundle held — its record count and head — and per laptop the
latest export time seen, plus the digest of every bundle already counted. A new bundle is
then compared with it (:meth:`Ledger.observe`):

- a log the ledger knows for that laptop is **missing** from the bundle: deleted, or an old
  copy of the data folder restored;
- a log is **shorter** than before: records removed, or an old copy restored;
- a log **diverges**: its check at the old head's position is another one — an old copy was
  restored and then recorded over;
- the bundle was **exported before** a bundle of the same laptop already counted: an old
  export seen late, or the laptop's clock turned back (its logs are compared all the same);
- the bundle was **exported after** the coordinator's clock: the laptop's clock is ahead (it
  does not become the laptop's latest export, so it cannot switch the check above off).

A log that is shorter or diverges is *refused* (:attr:`Observed.refused`): the records in it
are left out unless the coordinator accepts unverified records, since what follows a cut or a
restore cannot be told from forgery.

What it cannot see: records forged on a laptop after it was seized, appended
after the last head the coordinator saw; and anything that happened between two bundles the
coordinator never aggregated with the same ledger.

The file is JSON (``rrdesk-ledger/2``: the SHA-256 of its bytes in its last field, so damage is
"ledger damaged", never a laptop accused), written atomically with fsync; bundles counted again
(same digest) are not compared twice, so re-running an aggregation is harmless.

Two aggregations sharing a ledger (the Results view and a terminal, regions run in parallel)
are serialised by :func:`held`: an exclusive lock on ``<ledger>.lock`` taken before the ledger
is loaded and released after it is saved, so the second compares its bundles with what the
first saved and no update is lost. It waits a bounded time for the first, then refuses in one
line naming the process that holds it.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Mapping

from rrdesk.core.errors import InputError, os_reason
from rrdesk.core.fileio import read_capped_if_present, write_atomic
from rrdesk.core.nesting import too_deep
from rrdesk.core.problems import Problem

FORMAT = "rrdesk-ledger/2"
FORMAT_V1 = "rrdesk-ledger/1"  # why: ledgers without a checksum still load; the next save writes /2
_FIELDS_V1 = frozenset({"format", "logs", "laptops", "bundles"})
_FIELDS = _FIELDS_V1 | {"sha256"}
_SUM = b' "sha256": "'
# why the checksum: a ledger is the coordinator's own machine state; what damages it is a disk, a
# copy cut short or an edit by mistake, and a damaged entry would accuse a laptop (a log
# "restored and recorded over") or silently wave a restore through. A SHA-256 of the file's bytes
# catches every such change. A signature would add nothing here: whoever can rewrite the ledger
# on the coordinator's computer can read the unencrypted signing key beside it too, and a
# ledger given with --ledger, or beside an identity without a signing key, has no key to sign.
MAX_LEDGER = 256 << 20
# why: a ledger grows by about 200 bytes per log and 100 per bundle; 256 MiB is over a
# million of each, far beyond any study, and stops a wrongly named file filling memory.
_HEX32 = frozenset("0123456789abcdef")
LOCK_WAIT = 120.0
# why: an aggregation of a large study takes a minute or two; the second one waits that long for
# the first to save, then says which process holds the ledger rather than waiting forever
_POLL = 0.05


@dataclass(frozen=True)
class LogView:
    """A log as a bundle shows it, after its checks: the verified prefix only.

    ``check_at(i)`` is the check of frame ``i`` (FORMAT.md §1.3) for 0 ≤ i < records.
    """

    records: int
    check_at: Callable[[int], bytes]


@dataclass(frozen=True)
class BundleView:
    """What the ledger needs of one bundle: its digest, laptop, export time and logs."""

    name: str        # the bundle as the coordinator named it (problems name it)
    digest: str      # SHA-256 of the bundle file, hex
    survey: str
    device: str      # 32 hex digits
    exported: str    # the manifest's UTC time, YYYY-MM-DDTHH:MM:SSZ (sorts as text)
    logs: Mapping[str, LogView]   # log file name → view


@dataclass(frozen=True)
class Observed:
    """What :meth:`Ledger.observe` found of a bundle: its problems, and its logs whose records
    must not be used (shorter than before, or diverged), by name."""

    problems: list[Problem] = field(default_factory=list)
    refused: frozenset[str] = frozenset()


#: What :meth:`Ledger.observe` did in one run, counted (:attr:`Ledger.done`): bundles compared
#: with it, bundles counted in an earlier run (not compared again); logs new to it, grown, as
#: they were, refused (shorter or diverged: the longer entry kept), and missing from a bundle.
DONE = ("bundles compared", "bundles seen before", "logs new", "logs grown", "logs unchanged", "logs refused",
        "logs missing")


@dataclass
class Ledger:
    """The longest verified prefix of every log seen, per survey and laptop; ``done`` counts
    what this run's :meth:`observe` calls did (:data:`DONE`; not saved)."""

    logs: dict[tuple[str, str, str], tuple[int, str]] = field(default_factory=dict)
    latest: dict[tuple[str, str], str] = field(default_factory=dict)
    bundles: set[str] = field(default_factory=set)
    done: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DONE, 0), compare=False)

    # -- comparing -------------------------------------------------------------------------

    def observe(self, bundle: BundleView, now: str | None = None) -> Observed:
        """Compare ``bundle`` with what was seen before; remember what it adds. ``now``: the
        coordinator's clock as the manifest writes times (None: not compared).

        A log that is shorter or diverges keeps its old entry (the longer, earlier state
        stays the reference) and is refused; a log that only grew is advanced.
        """
        if bundle.digest in self.bundles:
            self.done["bundles seen before"] += 1
            return Observed()  # why: counted before and compared then; counting it again changes nothing
        self.done["bundles compared"] += 1
        problems: list[Problem] = []
        refused: set[str] = set()
        laptop = (bundle.survey, bundle.device)
        latest = self.latest.get(laptop)
        late = latest is not None and bundle.exported < latest
        ahead = now is not None and bundle.exported > now
        if late:
            problems.append(Problem(bundle.name, None, f"exported at {bundle.exported}, before a bundle of this laptop "
                                    f"already counted ({latest}): an old export seen late, or the laptop's clock "
                                    "was turned back; its logs were compared all the same"))
        if ahead:
            problems.append(Problem(bundle.name, None, f"exported at {bundle.exported}, later than this computer's "
                                    f"clock allows ({now}, a day ahead): the laptop's clock is ahead, or the time "
                                    "was forged"))
        for (survey, device, log), (records, _) in sorted(self.logs.items()):
            if (survey, device) == laptop and log not in bundle.logs:
                self.done["logs missing"] += 1
                problems.append(Problem(bundle.name, None, f"log {log} of laptop {device[:8]} is missing: an "
                                        f"earlier bundle held it with {records} records (deleted, or an old "
                                        "copy of the data folder restored)", log))
        for log, view in sorted(bundle.logs.items()):
            key = (bundle.survey, bundle.device, log)
            known = self.logs.get(key)
            if known is not None:
                records, head = known
                if view.records < records:
                    refused.add(log)
                    self.done["logs refused"] += 1
                    problems.append(Problem(bundle.name, None, f"has {view.records} records; an earlier bundle "
                                            f"held {records} (records removed, or an old copy restored)", log))
                    continue
                if records and view.check_at(records - 1).hex() != head:
                    refused.add(log)
                    self.done["logs refused"] += 1
                    problems.append(Problem(bundle.name, records - 1, f"differs from what an earlier bundle held "
                                            f"here, in its first {records} records: an old copy was restored and "
                                            "recorded over", log))
                    continue
            self.done["logs new" if known is None else "logs grown" if view.records > known[0] else "logs unchanged"] += 1
            if view.records:
                self.logs[key] = (view.records, view.check_at(view.records - 1).hex())
            elif known is None:
                self.logs[key] = (0, "")
        self.bundles.add(bundle.digest)
        if not late and not ahead:
            self.latest[laptop] = bundle.exported
        return Observed(problems, frozenset(refused))

    # -- the file --------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path) -> "Ledger":
        """The ledger at ``path``; an empty one if the file does not exist yet.

        A ``rrdesk-ledger/2`` file carries the SHA-256 of its bytes (FORMAT.md §4): any change is
        "ledger damaged", before any bundle is compared with it, so damage never reads as a
        laptop's restore. A ``/1`` file (no checksum, older rrdesk) loads as it is and is written
        as ``/2`` at the next save (every aggregation saves it).
        """
        try:
            data = read_capped_if_present(path, MAX_LEDGER)
        except OSError as error:
            raise InputError(path, "", f"cannot read the ledger: {os_reason(error)} (the disk, not the "
                             "ledger: nothing was judged; try again)") from None
        if data is None:
            return cls()
        try:
            if (deep := too_deep(data)) is not None:  # before json recurses (rrdesk.core.nesting)
                raise InputError(path, deep[0], f"{DAMAGED}: {deep[1]}{KEEP}")
            try:
                top = json.loads(data)
            except UnicodeDecodeError:
                raise ValueError("not UTF-8 text") from None
            except json.JSONDecodeError as error:
                raise InputError(path, f"line {error.lineno}", f"{DAMAGED}: not JSON{KEEP}") from None
            if not isinstance(top, dict) or top.get("format") not in (FORMAT, FORMAT_V1):
                raise ValueError(f"not an rrdesk ledger ({FORMAT})")
            if top["format"] == FORMAT or "sha256" in top:
                if set(top) != _FIELDS or top["format"] != FORMAT:
                    raise ValueError(f"{FORMAT} has exactly the fields {', '.join(sorted(_FIELDS))}")
                if not _sum_holds(data):
                    raise ValueError("its checksum does not match its content (edited, or damaged on the disk)")
            elif set(top) != _FIELDS_V1:
                raise ValueError(f"{FORMAT_V1} has exactly the fields {', '.join(sorted(_FIELDS_V1))}")
            ledger = cls()
            for entry in top["logs"]:
                survey, device, log, records, head = (entry[k] for k in ("survey", "device", "log", "records", "head"))
                _check(isinstance(records, int) and records >= 0 and _hex(device, 32) and isinstance(log, str)
                       and isinstance(survey, str) and (_hex(head, 64) or (records == 0 and head == "")), "logs")
                ledger.logs[(survey, device, log)] = (records, head)
            for entry in top["laptops"]:
                _check(_hex(entry["device"], 32) and isinstance(entry["latest"], str)
                       and isinstance(entry["survey"], str), "laptops")
                ledger.latest[(entry["survey"], entry["device"])] = entry["latest"]
            for digest in top["bundles"]:
                _check(_hex(digest, 64), "bundles")
                ledger.bundles.add(digest)
        except (ValueError, KeyError, TypeError) as error:
            what = str(error) if isinstance(error, ValueError) and str(error) else "a field of the wrong kind"
            raise InputError(path, "", f"{DAMAGED}: {what}{KEEP}") from None
        return ledger

    def text(self) -> str:
        """The file's text: canonical JSON, one log per line, sorted."""
        logs = [{"survey": s, "device": d, "log": g, "records": n, "head": h}
                for (s, d, g), (n, h) in sorted(self.logs.items())]
        laptops = [{"survey": s, "device": d, "latest": t} for (s, d), t in sorted(self.latest.items())]
        lines = [",\n  ".join(json.dumps(item, sort_keys=True) for item in part) for part in (logs, laptops)]
        body = (f'{{"format": "{FORMAT}",\n "logs": [\n  {lines[0]}],\n "laptops": [\n  {lines[1]}],\n'
                f' "bundles": {json.dumps(sorted(self.bundles))},\n')
        return body + f'{_SUM.decode()}{hashlib.sha256(body.encode("utf-8")).hexdigest()}"}}\n'

    def save(self, path: str | Path) -> None:
        """Write the ledger atomically (temporary file, fsync, rename, fsync of the folder)."""
        write_atomic(Path(path), self.text().encode("utf-8"))  # a StoreError names the file if it fails


DAMAGED = "ledger damaged"
KEEP = ("; no bundle was judged against it and no laptop is accused: keep the file, restore the ledger from a "
        "backup or give another with --ledger")


def _sum_holds(data: bytes) -> bool:
    """Whether ``data`` ends with the ``"sha256"`` field that its bytes before that field sum to."""
    at = data.rfind(_SUM)
    if at < 0:
        return False
    tail = data[at + len(_SUM):]
    digest = hashlib.sha256(data[:at]).hexdigest().encode("ascii")
    return tail == digest + b'"}\n'


def lock_path(path: str | Path) -> Path:
    """The lock file beside the ledger ``path``: ``coordinator.ledger`` → ``coordinator.ledger.lock``."""
    path = Path(path)
    return path.with_name(path.name + ".lock")


@contextmanager
def held(path: str | Path, wait: float | None = None) -> Iterator[None]:
    """Hold the ledger ``path`` for one aggregation: load, compare and save inside the block.

    Why a lock held from load to save, not a re-read and merge at save time: what a bundle is
    *decided* (refused, a problem) depends on the ledger it was compared with; a merge would
    keep both runs' entries but each run's decisions would rest on a ledger missing the other's
    bundles (a restored copy passes in one run while the other advances the log). Held, the
    second aggregation compares with everything the first saved.

    The lock is ``flock`` on ``<ledger>.lock`` (kept, never removed: removing it would let a
    third process lock a new file while the second holds the old one); the operating system
    releases it when the process ends, however it ends. The file names the holder (process id,
    computer, time) for the message.

    Raises
    ------
    InputError
        The lock file cannot be opened, or another aggregation held the ledger for ``wait``
        seconds (None: :data:`LOCK_WAIT`).
    """
    lock, wait = lock_path(path), LOCK_WAIT if wait is None else wait
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise InputError(lock, "", f"cannot lock the ledger: {reason}; give another with --ledger") from None
    try:
        deadline = time.monotonic() + wait
        while not _try_lock(fd, lock):
            if time.monotonic() >= deadline:
                raise InputError(path, "", f"another aggregation is using this ledger ({_holder(fd)}) and did "
                                 f"not finish within {wait:g} seconds; try again when it has finished") from None
            time.sleep(_POLL)
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()} {_host()} {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}\n"
                      .encode("utf-8", "replace"))
        except OSError:
            pass  # why: the note only improves the other process's message; the lock is what counts
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _try_lock(fd: int, lock: Path) -> bool:
    """Take the exclusive lock on ``fd`` without waiting; False if another process holds it."""
    try:
        if sys.platform == "win32":  # pragma: no cover - not run on the Linux CI
            import msvcrt
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK, errno.EDEADLK):
            return False
        raise InputError(lock, "", f"cannot lock the ledger: {error.strerror or error}") from None
    return True


def _holder(fd: int) -> str:
    """Who holds the lock, as its file says: "process 123 on HOST since TIME"."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        words = os.read(fd, 200).decode("utf-8", "replace").split()
    except OSError:
        words = []
    if len(words) == 3:
        return f"process {words[0]} on {words[1]} since {words[2]}"
    return "a process that just started"


def _host() -> str:
    try:
        return os.uname().nodename.split()[0] or "this computer"
    except (AttributeError, IndexError):  # pragma: no cover - Windows has no uname
        return "this computer"


def _hex(value: object, digits: int) -> bool:
    return isinstance(value, str) and len(value) == digits and set(value) <= _HEX32


def _check(ok: bool, part: str) -> None:
    if not ok:
        raise ValueError(f"a malformed entry in {part}")
