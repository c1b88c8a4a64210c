"""The next record's age header, made on a thread of its own between answers (issue 33).

Sealing a record is one age file to the survey's recipients. All but a few microseconds of it
-- a fresh file key, an X25519 key pair, the exchange with each recipient, the wrapped keys,
the header's MAC, the payload nonce and key -- depends on nothing in the record. A station
makes that part for its *next* record right after each append, on this thread, while the
respondent reads and answers; the record itself then costs one ChaCha20-Poly1305 pass over
~700 bytes on the interviewer's wait. Each prepared header seals exactly one record and is
then dropped (a file key is never used twice); one made but never used (the station closed)
is dropped unused. The file key of the next record sits in memory until then, as the record
itself will.

The same thread then makes the next record, sealed and framed for the log's next append
(:meth:`rrdesk.store.log.LogWriter.encode_ahead`: its chain, tag and next key), when the station
can tell what that record will be (:meth:`Sealers.make_ahead`): after a ``spun`` record, the
``answer`` record with each of the question's answers in turn, each sealed with a header of its
own (the rows of frames :func:`rrdesk.store.records.select` picks from on the wait: every
possible answer, none chosen; the others are dropped unwritten); after any other, the next
question's ``spun`` record -- and, with the OS CSPRNG, that question's spin drawn
(:func:`rrdesk.core.randomizer.draw`: everything but the answer, which the truth settles on the
wait). The station uses each only when it is for
the record or spin it is about to make (a day or a minute turned meanwhile, a question
declined: it makes it again, on the wait), and only once.

One thread per station, started with it and ended by ``close``; it never writes to the log (it
reads the writer's state, at one moment, to frame ahead).
"""
from __future__ import annotations

import threading
from queue import SimpleQueue
from typing import Any, Callable

from rrdesk.core.entropy import system_bytes
from rrdesk.store import age

THREAD_NAME = "rrdesk-sealer"  # why: names the thread in a debugger or a test, nothing else
_STOP = False  # the thread's signal to end; True: make a header


class Sealers:
    """Age headers to ``recipients``, each made before it is needed: :meth:`seal` a record."""

    def __init__(self, recipients: age.Recipients) -> None:
        self._recipients = recipients
        self._ready: age.Sealer | None = None  # made on the thread, taken by one seal only
        self._asked = False  # a header asked for and not yet made: at most one at a time
        # why a SimpleQueue and an attribute, not an executor's futures: a put and a read are
        # C calls, where a future's lock and condition cost tens of microseconds of Python on
        # the interviewer's wait when the caches are cold (issue 33)
        self._asks: SimpleQueue[bool | Callable[[], dict[str, tuple[Any, Any]]]] = SimpleQueue()
        self._made: dict[str, tuple[Any, Any]] = {}  # what make_ahead made: kind -> (what it is for, it); taken once
        self._making = False  # a make_ahead asked for and not yet run: at most one at a time
        self._thread: threading.Thread | None = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
        self._thread.start()

    def _make(self) -> age.Sealer:
        return age.Sealer(self._recipients, random=system_bytes)

    def _run(self) -> None:
        while ask := self._asks.get():
            if ask is not True:  # a plaintext to make ahead (make_ahead)
                self._making = False  # why before: an append meanwhile asks again, for the record after it
                try:
                    self._made = ask()
                except Exception:  # the record cannot be made now: the station makes it on the wait, and raises there
                    self._made = {}
                continue
            try:
                self._ready = self._make()
            except Exception:  # a failing CSPRNG: the next seal makes its header itself, and raises there
                self._ready = None
            self._asked = False

    def seal(self, plaintext: bytes) -> bytes:
        """``plaintext`` sealed as one age file (as ``age.encrypt``), with the header made
        beforehand when one is ready (else here). Each header seals one record only: the thread
        only ever sets a header it has just made, so one read here is never read again (one the
        thread sets while this takes another is used by the next seal, or dropped)."""
        sealer, self._ready = self._ready, None
        if sealer is None:
            sealer = self._make()
        return b"".join([*sealer.pieces(plaintext), *sealer.finish_pieces()])

    def seal_fresh(self, plaintext: bytes) -> bytes:
        """``plaintext`` sealed with a header made now for it alone (on the thread: a record
        sealed ahead, :meth:`make_ahead`)."""
        sealer = self._make()
        return b"".join([*sealer.pieces(plaintext), *sealer.finish_pieces()])

    def prepare(self) -> None:
        """Ask for the next record's header (after an append: off the interviewer's wait)."""
        if self._thread is not None and self._ready is None and not self._asked:
            self._asked = True
            self._asks.put(True)

    def make_ahead(self, make: Callable[[], dict[str, tuple[Any, Any]]]) -> None:
        """Have ``make()`` run on the thread (after the header asked for before it): it returns
        what it made, by kind: (what it is for, it), which :meth:`take` hands out once. Asked
        again before it ran (records back to back), the one ask stands: ``make`` reads what to
        make when it runs."""
        if self._thread is not None and not self._making:
            self._making = True
            self._asks.put(make)

    def take(self, kind: str, key: Any) -> Any:
        """What :meth:`make_ahead` made of ``kind`` for ``key`` (compared with ``==``), or None:
        not made yet, made for something else, or already taken. Dropped either way."""
        made = self._made.pop(kind, None)
        return made[1] if made is not None and made[0] == key else None

    def close(self) -> None:
        """End the thread and drop what it made ahead, unused. Safe to call twice."""
        if self._thread is not None:
            self._asks.put(_STOP)
            self._thread.join()
            self._thread = None
        self._ready, self._made = None, {}
