"""A large age file's plaintext read in pieces (an export bundle), through the one opener.

:class:`SealedFile` decrypts only the 64 KiB STREAM chunks that are read, one at a time, so
memory stays flat however large the file. STREAM makes this safe: each chunk is authenticated
with its index and whether it is the last, so a chunk read out of order, moved, or dropped
fails; opening checks the last chunk (so a cut file fails at once) and every other chunk is
checked as it is read. The header and every chunk go through :meth:`Opener.header` and
:func:`open_chunk`, what :func:`decrypt` uses: this module only reads the file.
"""
from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, BinaryIO

from rrdesk.core.errors import HeaderError, PayloadError
from rrdesk.store.age._age import CHUNK_SIZE, PAYLOAD_NONCE_SIZE, SEALED_CHUNK, TAG_SIZE, Identity, Opener, open_chunk
from rrdesk.store.age._armor import is_armored
from rrdesk.store.age._format import MAX_HEADER

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

__all__ = ["SealedFile"]

_HEAD_READ = MAX_HEADER + PAYLOAD_NONCE_SIZE  # why: the most a valid header and its payload nonce can take


class SealedFile(io.RawIOBase):
    """The plaintext of the age file open as ``raw`` (binary, seekable), read at any offset.

    Opening parses the header, unwraps the file key, checks the header MAC and authenticates
    the last chunk: a file of another key, an altered header or a cut file fail here with
    :func:`age.decrypt`'s errors. A chunk that does not authenticate when read raises
    :class:`PayloadError`. ``size`` is the plaintext's length; ``digest`` names the header
    and nonce (the same digest means the same file key and payload key).
    """

    def __init__(self, raw: BinaryIO, identities: Sequence[Identity]) -> None:
        super().__init__()
        self._raw = raw
        total = os.fstat(raw.fileno()).st_size
        raw.seek(0)
        head = raw.read(min(total, _HEAD_READ))
        if is_armored(head):  # why: chunks are read at their offsets, which armor does not keep
            raise HeaderError("an ASCII-armored age file: this reader reads binary age files only")
        self._stream, self._start = Opener(identities).header(head)
        self.digest = hashlib.sha256(head[:self._start]).digest()
        sealed = total - self._start
        if sealed <= 0:
            raise PayloadError("damaged age payload: it ends before the final chunk")
        self._chunks = -(-sealed // SEALED_CHUNK)
        self.size = sealed - self._chunks * TAG_SIZE
        self._pos = 0
        self._index = -1
        self._plain = b""
        self._load(self._chunks - 1)  # the last chunk: a cut or extended file fails now

    def _load(self, index: int) -> None:
        if index == self._index:
            return
        self._raw.seek(self._start + index * SEALED_CHUNK)
        sealed = self._raw.read(SEALED_CHUNK)
        last = index == self._chunks - 1
        if not sealed or (len(sealed) != SEALED_CHUNK and not last):
            raise PayloadError("damaged age payload: the file changed while it was read")
        self._plain, final = open_chunk(self._stream, index, sealed)
        if final and not last:
            raise PayloadError("damaged age payload: data after the final chunk")
        if last and not final:
            raise PayloadError("damaged age payload: it ends before the final chunk")
        self._index = index

    def check_all(self) -> None:
        """Authenticate every chunk (what reading it all would do), holding one at a time."""
        for index in range(self._chunks):
            self._load(index)

    # -- io.RawIOBase ------------------------------------------------------------------------

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, pos: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._pos, io.SEEK_END: self.size}[whence]
        self._pos = max(0, base + pos)
        return self._pos

    def readinto(self, buffer: WriteableBuffer) -> int:
        view = memoryview(buffer).cast("B")
        done = 0
        while done < len(view) and self._pos < self.size:
            index, at = divmod(self._pos, CHUNK_SIZE)
            self._load(index)
            piece = self._plain[at:at + len(view) - done]
            view[done:done + len(piece)] = piece
            done += len(piece)
            self._pos += len(piece)
        return done

    def read_at(self, pos: int, n: int) -> bytes:
        """``n`` bytes at ``pos`` (fewer at the end)."""
        index, at = divmod(pos, CHUNK_SIZE)
        self._load(index)
        if at + n <= len(self._plain):
            return self._plain[at:at + n]
        self.seek(pos)
        out = bytearray(n)
        return bytes(out[:self.readinto(out)])
