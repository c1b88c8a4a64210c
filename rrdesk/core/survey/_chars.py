"""Which characters a text shown to a respondent may hold (docs/survey-format.md, "Characters").

A survey file is checked and signed by the coordinator, then read by respondents on a laptop.
A character that is invisible, or that reorders the text around it, makes what the respondent
reads differ from what the coordinator (or a reviewer, or ``rrdesk check``'s output) saw: a
U+202E RIGHT-TO-LEFT OVERRIDE can show "yes" where the file says "no". So every text the app
shows (the title, question texts, choice labels, consent, ``[wording.LANG]``) may not hold:

- control characters (C0, DEL, C1): in texts shown as paragraphs a tab and a new line are
  allowed; a title and a choice label are one line, so there neither is;
- U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR (a new line is written as one);
- the bidi embeddings and overrides U+202A…U+202E, ever: Unicode's isolates do the same job
  without reaching past their end. An isolate (U+2066 LRI, U+2067 RLI, U+2068 FSI) is allowed
  when U+2069 PDI closes it in the same text, and a PDI only when it closes one; the marks
  U+200E LRM, U+200F RLM and U+061C ALM are allowed anywhere (an Arabic or Hebrew text with a
  number or a Latin name needs them);
- invisible characters: every other format character (Unicode category Cf: U+200B ZERO WIDTH
  SPACE, U+2060 WORD JOINER, U+FEFF, the tag characters, …) and the Hangul fillers. Allowed are
  U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER between two letters, marks or
  symbols (Persian writes ZWNJ inside words; Indic scripts and emoji sequences join with
  ZWJ), U+00AD SOFT HYPHEN (a hyphenation hint), and the visible Arabic and Syriac signs
  Unicode also files as Cf (U+0600…U+0605, U+06DD, U+070F, U+0890, U+0891, U+08E2).

:func:`problem` says, in one line, the first such character of a text and where it is.
"""
from __future__ import annotations

import unicodedata

__all__ = ["problem"]

_MARKS = frozenset("\u200e\u200f\u061c")  # LRM, RLM, ALM: direction marks with no reach
_OVERRIDES = frozenset("\u202a\u202b\u202c\u202d\u202e")  # LRE, RLE, PDF, LRO, RLO
_ISOLATES = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI; closed by PDI
_PDI = "\u2069"
_JOINERS = frozenset("\u200c\u200d")  # ZWNJ, ZWJ
_VISIBLE_CF = frozenset("\u00ad\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891\u08e2")
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")  # Hangul fillers: letters that show nothing
_PARAGRAPH = frozenset("\t\n")
_JOINABLE = ("L", "M", "So", "Sk")  # what a joiner may stand between (Sk: emoji skin tones)


def problem(text: str, *, paragraph: bool) -> str | None:
    """What is wrong with ``text`` (see the module docstring), or None. ``paragraph``: the text
    is shown as a paragraph, so a tab and a new line are allowed."""
    if text.isascii() and text.isprintable():
        return None  # why: most texts, settled at C speed
    open_isolates: list[int] = []
    for i, char in enumerate(text):
        category = unicodedata.category(char)
        if category == "Cc":
            if paragraph and char in _PARAGRAPH:
                continue
            allowed = "a tab and a new line are allowed in this text" if paragraph else "this text is one line"
            return f"{_name(char, i)} is a control character, not text ({allowed})"
        if char in ("\u2028", "\u2029"):
            return f"{_name(char, i)}: write a new line instead" if paragraph else \
                f"{_name(char, i)}: this text is one line"
        if char in _OVERRIDES:
            return (f"{_name(char, i)} reorders the text after it, so a respondent may read other words than the "
                    "ones checked: use the marks U+200E/U+200F, or an isolate U+2066…U+2068 closed by U+2069")
        if char in _ISOLATES:
            open_isolates.append(i)
        elif char == _PDI:
            if not open_isolates:
                return f"{_name(char, i)} closes no isolate (U+2066, U+2067 or U+2068 before it)"
            open_isolates.pop()
        elif char in _JOINERS:
            if not (0 < i < len(text) - 1 and _joinable(text[i - 1]) and _joinable(text[i + 1])):
                return (f"{_name(char, i)} is not between two letters: there it only hides something; "
                        "delete it")
        elif (category == "Cf" and char not in _MARKS and char not in _VISIBLE_CF) or char in _FILLERS:
            return f"{_name(char, i)} is invisible, so two texts that look the same could differ: delete it"
    if open_isolates:
        at = open_isolates[-1]
        return (f"{_name(text[at], at)} is never closed by U+2069 POP DIRECTIONAL ISOLATE, so it reorders "
                "what is shown after the text")
    return None


def _joinable(char: str) -> bool:
    return unicodedata.category(char).startswith(_JOINABLE)


def _name(char: str, index: int) -> str:
    name = unicodedata.name(char, "")
    return f"character {index + 1} (U+{ord(char):04X}{' ' + name if name else ''})"
