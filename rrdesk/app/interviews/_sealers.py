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

One thread per station, started with it and ended by ``close``; it never touches the log.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from rrdesk.core.entropy import system_bytes
from rrdesk.store import age

THREAD_NAME = "rrdesk-sealer"  # why: names the thread in a debugger or a test, nothing else


class Sealers:
    """Age headers to ``recipients``, each made before it is needed: :meth:`seal` a record."""

    def __init__(self, recipients: age.Recipients) -> None:
        self._recipients = recipients
        self._thread: ThreadPoolExecutor | None = ThreadPoolExecutor(1, thread_name_prefix=THREAD_NAME)
        self._next: Future[age.Sealer] | None = None

    def _make(self) -> age.Sealer:
        return age.Sealer(self._recipients, random=system_bytes)

    def seal(self, plaintext: bytes) -> bytes:
        """``plaintext`` sealed as one age file (as ``age.encrypt``), with the header made
        beforehand when there is one (else here)."""
        pending, self._next = self._next, None
        if pending is None or pending.cancel():  # why cancel: not begun yet, so make it here than wait
            sealer = self._make()
        else:
            sealer = pending.result()  # a failing CSPRNG raises here, as it would inline
        return b"".join([*sealer.pieces(plaintext), *sealer.finish_pieces()])

    def prepare(self) -> None:
        """Start making the next record's header (after an append: off the interviewer's wait)."""
        if self._next is None and self._thread is not None:
            try:
                self._next = self._thread.submit(self._make)
            except RuntimeError:  # the interpreter is shutting down: the next seal makes its own
                self._next = None

    def close(self) -> None:
        """Drop the header made ahead, unused, and end the thread. Safe to call twice."""
        pending, self._next = self._next, None
        if pending is not None:
            pending.cancel()
        if self._thread is not None:
            self._thread.shutdown(wait=True)
            self._thread = None
