"""age's ASCII armor read strictly (``rrdesk/store/age/_armor.py``): the rules the test kit
does not reach -- armor.go's whitespace bounds and its notion of whitespace, the line cutting at
the end of the input, a CR inside a line -- and that a binary file takes no armor path."""
from __future__ import annotations

import base64

import pytest

from rrdesk.core.errors import ArmorError, HeaderError
from rrdesk.store import age

BEGIN, END = b"-----BEGIN AGE ENCRYPTED FILE-----", b"-----END AGE ENCRYPTED FILE-----"


def _counter(seed: int):
    state = [seed]

    def draw(n: int) -> bytes:
        state[0] += 1
        return bytes((state[0] * 131 + i * 7) % 256 for i in range(n))
    return draw


IDENTITY = age.Identity.generate(random=_counter(1))
PLAIN = b"an answer that travels as text"
BINARY = age.encrypt(PLAIN, [IDENTITY.recipient], random=_counter(2))


def _armor(binary: bytes, eol: bytes = b"\n") -> bytes:
    text = base64.b64encode(binary)
    lines = [text[i:i + 64] for i in range(0, len(text), 64)]
    return eol.join([BEGIN, *lines, END]) + eol


def test_a_well_formed_armor_decodes_to_the_binary_file():
    assert age.unarmor(_armor(BINARY)) == BINARY
    assert age.unarmor(_armor(BINARY, b"\r\n")) == BINARY
    assert age.decrypt(_armor(BINARY), [IDENTITY]) == PLAIN


def test_begin_and_end_lines_alone_decode_to_nothing_and_the_header_fails():
    assert age.unarmor(BEGIN + b"\n" + END) == b""
    with pytest.raises(HeaderError):
        age.decrypt(BEGIN + b"\n" + END + b"\n", [IDENTITY])


@pytest.mark.parametrize("space", [b" ", b"\t", b"\r\n", b"\x0b\x0c", "\u00a0".encode(), "\u3000".encode(),
                                   "\u2028".encode(), "\u0085".encode()])
def test_go_whitespace_is_allowed_around_the_block(space):
    armored = space + b"\n" + _armor(BINARY) + space
    assert age.is_armored(armored)
    assert age.unarmor(armored) == BINARY


@pytest.mark.parametrize("not_space", ["\u001c".encode(), b"\x00", "\u200b".encode(), b"\xc2"])
def test_what_go_does_not_count_as_whitespace_is_refused_after_the_block(not_space):
    with pytest.raises(ArmorError, match="after the end line"):
        age.unarmor(_armor(BINARY) + not_space)


def test_whitespace_before_and_after_is_bounded_as_in_armor_go():
    assert age.unarmor(b" " * 1023 + b"\n" + _armor(BINARY)) == BINARY
    with pytest.raises(ArmorError, match="too much whitespace"):
        age.unarmor(b" " * 1023 + b"\n" + b" \n" + _armor(BINARY))
    assert age.unarmor(_armor(BINARY) + b" " * 1023) == BINARY
    with pytest.raises(ArmorError, match="after the end line"):
        age.unarmor(_armor(BINARY) + b" " * 1024)
    # past the detection window the file is read as binary, as age -d does
    assert not age.is_armored(b" " * 1025 + _armor(BINARY))
    with pytest.raises(HeaderError):
        age.decrypt(b" " * 1025 + _armor(BINARY), [IDENTITY])


@pytest.mark.parametrize("change, where", [
    (lambda a: a.replace(b"\n", b"\r\n", 1).replace(b"\r\n", b"\r\r\n", 1), "begin line"),  # CR CR LF
    (lambda a: a.replace(b"\n" + END, b"\r\r\n" + END), "not padded base64"),  # a CR left in a line (Go skips it)
    (lambda a: a.replace(BEGIN + b"\n", b" " + BEGIN + b"\n"), "begin line"),  # space on the begin line
    (lambda a: a.replace(END, END + b" "), "not followed by the end line"),  # END with a space
    (lambda a: a.replace(b"\n" + END, b""), "ends before the end line"),  # no end line
    (lambda a: a[:a.index(b"\n") + 1], "ends before the end line"),  # only the begin line
])
def test_strict_lines(change, where):
    with pytest.raises(ArmorError, match=where):
        age.unarmor(change(_armor(BINARY)))


def test_a_full_line_then_the_end_of_the_input_is_refused():
    binary = BINARY + bytes(-len(BINARY) % 48)  # a whole number of 64-column lines
    cut = _armor(binary).replace(END + b"\n", b"")
    with pytest.raises(ArmorError, match="ends before the end line"):
        age.unarmor(cut)


def test_the_end_line_may_end_the_input_with_or_without_cr():
    assert age.unarmor(_armor(BINARY)[:-1]) == BINARY
    assert age.unarmor(_armor(BINARY, b"\r\n")[:-1]) == BINARY


def test_a_binary_file_is_not_armored():
    assert not age.is_armored(BINARY)
    with pytest.raises(ArmorError):
        age.unarmor(BINARY)
    assert age.Opener([IDENTITY]).decrypt(BINARY) == PLAIN
