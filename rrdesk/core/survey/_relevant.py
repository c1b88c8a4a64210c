"""A direct question's ``relevant`` condition: a small, safe subset of XLSForm's.

Grammar (no ``eval``: a hand-written tokenizer and recursive-descent parser, depth-capped)::

    condition  := term ("or" term)*
    term       := factor ("and" factor)*
    factor     := "not" "(" condition ")" | "(" condition ")" | comparison
    comparison := "${" ID "}" OP literal
    OP         := "=" | "!=" | "<" | "<=" | ">" | ">="
    literal    := 'text' | "text" | number          (number: -?digits[.digits])

A question with choices (or yes/no) is compared with ``=`` / ``!=`` and one of its answer ids
in quotes (``${smoker} = 'yes'``, ``${year} = '1'``); a number question with a number and any
of the six operators (``${age} >= 18``). The questions named must be direct questions asked
earlier; which ones are allowed is decided by :mod:`rrdesk.core.survey._direct`, which calls
:func:`parse` with a lookup.

A skipped question's value is empty, as in ODK: ``=`` and the four order comparisons are
false on it, ``!=`` is true.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Mapping, Union

#: A condition is a few comparisons; longer text is a mistake (and bounds the parser's work).
MAX_LENGTH = 1000
#: Parentheses and not(...) nest at most this deep: far beyond a real form, far below Python's
#: recursion limit (a hostile file must not crash the loader).
MAX_DEPTH = 20
OPERATORS = ("=", "!=", "<", "<=", ">", ">=")

_TOKEN = re.compile(r"""\s*(?:(?P<ref>\$\{(?P<id>[^}]*)\})|(?P<op><=|>=|!=|=|<|>)|(?P<paren>[()])"""
                    r"""|(?P<str>'[^']*'|"[^"]*")|(?P<num>-?[0-9]+(?:\.[0-9]+)?)|(?P<word>[A-Za-z_]+))""")


class ConditionError(ValueError):
    """What is wrong with a condition, in words for the survey's message."""


@dataclass(frozen=True)
class Compare:
    question: str
    op: str
    value: str | Decimal  # an answer id, or a number


@dataclass(frozen=True)
class Logic:
    op: str  # "and", "or", "not"
    parts: tuple["Condition", ...]


Condition = Union[Compare, Logic]
#: Called with each ``${id}``, an operator and a literal; returns the literal as the comparison
#: needs it, or raises ConditionError saying why that comparison is not allowed.
Check = Callable[[str, str, "str | Decimal"], "str | Decimal"]


def parse(text: str, check: Check) -> Condition:
    """The condition ``text``, every comparison passed through ``check``."""
    if len(text) > MAX_LENGTH:
        raise ConditionError(f"longer than {MAX_LENGTH} characters")
    tokens = _tokens(text)
    if not tokens:
        raise ConditionError("empty")
    parser = _Parser(tokens, check)
    found = parser.condition(0)
    if parser.at < len(tokens):
        raise ConditionError(f"unexpected {tokens[parser.at][1]!r} after a complete condition")
    return found


def questions(condition: Condition) -> tuple[str, ...]:
    """Every question id the condition names, in order, once each."""
    if isinstance(condition, Compare):
        return (condition.question,)
    return tuple(dict.fromkeys(q for part in condition.parts for q in questions(part)))


def holds(condition: Condition, answers: Mapping[str, str]) -> bool:
    """Whether the condition is true for ``answers`` (question id → recorded text, "" when
    skipped; a number question's text is its decimal value)."""
    if isinstance(condition, Logic):
        if condition.op == "not":
            return not holds(condition.parts[0], answers)
        results = (holds(part, answers) for part in condition.parts)
        return all(results) if condition.op == "and" else any(results)
    given = answers.get(condition.question, "")
    if condition.op == "!=":
        return given != condition.value if isinstance(condition.value, str) else (
            given == "" or Decimal(given) != condition.value)
    if given == "":
        return False
    if isinstance(condition.value, str):
        return given == condition.value
    number = Decimal(given)
    return {"=": number == condition.value, "<": number < condition.value, "<=": number <= condition.value,
            ">": number > condition.value, ">=": number >= condition.value}[condition.op]


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    at = 0
    while at < len(text):
        if text[at:].strip() == "":
            break
        m = _TOKEN.match(text, at)
        if m is None:
            bad = text[at:].lstrip()[:12]
            raise ConditionError(f"cannot read {bad!r} (allowed: ${{question}}, = != < <= > >=, 'text', "
                                 "numbers, and, or, not(...), parentheses)")
        kind = m.lastgroup
        assert kind is not None  # why: every alternative of _TOKEN is a named group
        kind = kind if kind != "id" else "ref"
        value = m["id"] if kind == "ref" else m[kind]
        if kind == "word" and value not in ("and", "or", "not"):
            raise ConditionError(f"unknown word {value!r} (allowed: and, or, not(...); a question is "
                                 "written ${id}, a text in quotes)")
        tokens.append((kind, value))
        at = m.end()
    return tokens


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]], check: Check) -> None:
        self.tokens, self.at, self.check = tokens, 0, check

    def _peek(self) -> tuple[str, str]:
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "")

    def _take(self, kind: str, value: str | None = None, what: str = "") -> str:
        found = self._peek()
        if found[0] != kind or (value is not None and found[1] != value):
            shown = "the end" if found[0] == "end" else repr(found[1])
            raise ConditionError(f"expected {what or repr(value)}, found {shown}")
        self.at += 1
        return found[1]

    def condition(self, depth: int) -> Condition:
        if depth > MAX_DEPTH:
            raise ConditionError(f"nested more than {MAX_DEPTH} deep")
        parts = [self._term(depth)]
        while self._peek() == ("word", "or"):
            self.at += 1
            parts.append(self._term(depth))
        return parts[0] if len(parts) == 1 else Logic("or", tuple(parts))

    def _term(self, depth: int) -> Condition:
        parts = [self._factor(depth)]
        while self._peek() == ("word", "and"):
            self.at += 1
            parts.append(self._factor(depth))
        return parts[0] if len(parts) == 1 else Logic("and", tuple(parts))

    def _factor(self, depth: int) -> Condition:
        kind, value = self._peek()
        if (kind, value) == ("word", "not"):
            self.at += 1
            self._take("paren", "(", "'(' after not")
            inner = self.condition(depth + 1)
            self._take("paren", ")", "')'")
            return Logic("not", (inner,))
        if (kind, value) == ("paren", "("):
            self.at += 1
            inner = self.condition(depth + 1)
            self._take("paren", ")", "')'")
            return inner
        qid = self._take("ref", what="a question written ${id}")
        op = self._take("op", what="one of = != < <= > >=")
        kind, value = self._peek()
        if kind not in ("str", "num"):
            self._take("str", what="a text in quotes or a number")
        self.at += 1
        literal: str | Decimal = value[1:-1] if kind == "str" else Decimal(value)
        return Compare(qid, op, self.check(qid, op, literal))
