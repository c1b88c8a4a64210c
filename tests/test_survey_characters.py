"""What a text shown to a respondent may hold (rrdesk/core/survey/_chars.py, docs/survey-format.md
"Characters"), and recipients that are no one's key (rrdesk/core/curve25519.py): `rrdesk check`
refuses each in one located line, and the laptop's loader with it."""
from __future__ import annotations

import re
import secrets

import pytest
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey

from rrdesk.core import bech32
from rrdesk.core import survey as surveys
from rrdesk.core.curve25519 import small_order
from rrdesk.core.errors import AgeError, SurveyError
from rrdesk.store import age
from tests.cli_runs import rrdesk
from tests.conftest import DEMO

UNHAPPY = 'text.en = "I am unhappy at work."'
QUOTED = {"\t": "\\t", "\n": "\\n", "\r": "\\r", "\x1b": "\\u001B", "\x07": "\\u0007", "\x00": "\\u0000"}


def _escaped(text: str) -> str:
    """``text`` as a TOML basic string's body: every character outside ASCII's printable ones escaped."""
    return "".join(c if " " <= c <= "~" and c not in '"\\' else f"\\U{ord(c):08X}" for c in text)


def demo_with(tmp_path, old: str, new: str):
    source = DEMO.read_text(encoding="utf-8")
    assert old in source
    path = tmp_path / "survey.toml"
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return path, source[:source.index(old)].count("\n") + 1


@pytest.mark.parametrize("text, what", [
    ("Are you \x1b[8mhappy?", "character 9 (U+001B) is a control character, not text"),
    ("Ring\x07", "character 5 (U+0007) is a control character"),
    ("nul\x00", "character 4 (U+0000) is a control character"),
    ("del\x7f", "character 4 (U+007F) is a control character"),
    ("c1\x9b", "character 3 (U+009B) is a control character"),
    ("line\r\nbreak", "character 5 (U+000D) is a control character"),
    ("I am \u202eyppahnu\u202c at work.", "character 6 (U+202E RIGHT-TO-LEFT OVERRIDE) reorders the text after it"),
    ("I am \u202aun\u202c happy.", "(U+202A LEFT-TO-RIGHT EMBEDDING) reorders"),
    ("I am \u2067unhappy", "(U+2067 RIGHT-TO-LEFT ISOLATE) is never closed by U+2069"),
    ("I am\u2069 unhappy", "character 5 (U+2069 POP DIRECTIONAL ISOLATE) closes no isolate"),
    ("un\u200bhappy", "character 3 (U+200B ZERO WIDTH SPACE) is invisible"),
    ("un\u2060happy", "(U+2060 WORD JOINER) is invisible"),
    ("un\ufeffhappy", "(U+FEFF ZERO WIDTH NO-BREAK SPACE) is invisible"),
    ("happy\U000e0041\U000e0042", "(U+E0041 TAG LATIN CAPITAL LETTER A) is invisible"),
    ("un\u3164happy", "(U+3164 HANGUL FILLER) is invisible"),
    ("I am \u200c unhappy", "character 6 (U+200C ZERO WIDTH NON-JOINER) is not between two letters"),
    ("\u200dunhappy", "character 1 (U+200D ZERO WIDTH JOINER) is not between two letters"),
    ("two\u2028lines", "(U+2028 LINE SEPARATOR): write a new line instead"),
])
def test_check_refuses_a_question_text_with_a_character_a_respondent_cannot_see_as_written(tmp_path, text, what):
    path, line = demo_with(tmp_path, UNHAPPY, f'text.en = "{_escaped(text)}"')
    code, out, err = rrdesk("check", path)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f'rrdesk: error: {path}: line {line}, question "unhappy", key "text.en": text.en: ') and what in err


@pytest.mark.parametrize("text", [
    "Line one\nline two,\tand a tab",  # a question text is a paragraph
    "أنا \u200fغير سعيد\u200f في عملي (٢٠٢٦)",  # RLM
    "اسمي \u2066Amina K.\u2069 وأعمل هنا",  # a balanced isolate (LRI … PDI)
    "\u2067\u2068nested\u2069\u2069 and \u061c",  # isolates inside each other, ALM
    "می\u200cخواهم کار کنم",  # Persian: ZWNJ inside a word
    "क्\u200dष and \U0001f469\u200d\U0001f4bb and \U0001f469\U0001f3fd\u200d\U0001f4bb",  # ZWJ: Devanagari, emoji
    "Donau\u00addampf\u00adschiff",  # soft hyphens
    "\u0600\u0661\u0662 and \u06dd",  # the Arabic number sign, end of ayah: visible
])
def test_check_accepts_what_a_text_in_any_language_legitimately_holds(tmp_path, text):
    path, _ = demo_with(tmp_path, UNHAPPY, f'text.en = "{_escaped(text)}"')
    code, out, err = rrdesk("check", path)
    assert code == 0 and err == "", err


@pytest.mark.parametrize("old, new, where, what", [
    ('title = "Workplace wellbeing (demo)"', 'title = "Workplace\\nwellbeing"', 'key "title"',
     "title: character 10 (U+000A) is a control character, not text (this text is one line)"),
    ('choice_text.en = ["Never", "Once", "More than once"]', 'choice_text.en = ["Never", "On\\tce", "More"]',
     'question "bullied", key "choice_text.en[1]"', "choice_text.en[1]: character 3 (U+0009) is a control"),
    ('choice_text.fr = ["Jamais", "Une fois", "Plusieurs fois"]',
     'choice_text.fr = ["Jamais", "Une fois", "Plusieurs\\u202Efois"]',
     'question "bullied", key "choice_text.fr[2]"', "(U+202E RIGHT-TO-LEFT OVERRIDE) reorders"),
])
def test_a_title_and_choice_labels_are_one_line_and_checked_the_same(tmp_path, old, new, where, what):
    path, line = demo_with(tmp_path, old, new)
    code, out, err = rrdesk("check", path)
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"rrdesk: error: {path}: line {line}, {where}: ") and what in err, err


def test_consent_and_the_surveys_own_wording_are_checked_too(tmp_path):
    consent = '[consent]\ntext.en = "Agree?\\u200B"\ntext.fr = "D\'accord ?"\n'
    path, _ = demo_with(tmp_path, "[[question]]", consent + "\n[[question]]")
    code, _, err = rrdesk("check", path)
    assert code == 2 and '[consent], key "text.en": text.en: character 7 (U+200B ZERO WIDTH SPACE)' in err, err
    wording = '[wording.fr]\nnext = "Suivant\\u202E"\n'
    path, line = demo_with(tmp_path, "[[question]]", wording + "\n[[question]]")
    with pytest.raises(SurveyError, match=re.escape('[wording.fr], key "next": next: character 8 (U+202E')):
        surveys.load(path)


# -- recipients that are no one's key ------------------------------------------------------------

P = 2**255 - 19
ORDER_8 = (325606250916557431795983626356110631294008115727848805560023387167927233504,
           39382357235489614581723060781553021112529911719440698176882885853963445705823)
LOW = [0, 1, P - 1, *ORDER_8]  # every point whose order divides 8, on the curve or its twist
ENCODINGS = [u + k * P for u in LOW for k in (0, 1) if u + k * P < 2**255]
ENCODINGS += [e | (1 << 255) for e in ENCODINGS]  # the top bit, which X25519 ignores


def _pyca_refuses(key: bytes) -> bool:
    try:
        X25519PrivateKey.generate().exchange(X25519PublicKey.from_public_bytes(key))
    except ValueError:  # the all-zero shared secret
        return True
    return False


def test_small_order_is_exactly_what_x25519_refuses():
    keys = [e.to_bytes(32, "little") for e in ENCODINGS]
    assert len(set(keys)) == len(keys) == 14  # libsodium's 7, and each with the top bit set
    assert all(small_order(k) and _pyca_refuses(k) for k in keys)
    genuine = [X25519PrivateKey.generate().public_key().public_bytes_raw() for _ in range(20)]
    others = genuine + [secrets.token_bytes(32) for _ in range(20)] + [(2).to_bytes(32, "little")]
    assert not any(small_order(k) or _pyca_refuses(k) for k in others)


@pytest.mark.parametrize("key", [bytes(32), (1).to_bytes(32, "little"), ORDER_8[0].to_bytes(32, "little"),
                                 (P + 1).to_bytes(32, "little")])
def test_check_refuses_a_low_order_recipient_and_the_store_will_not_seal_to_it(tmp_path, key):
    recipient = bech32.encode("age", key)
    old = surveys.load(DEMO).recipients[0]
    path, line = demo_with(tmp_path, f'recipients = ["{old}"]', f'recipients = ["{old}", "{recipient}"]')
    code, out, err = rrdesk("check", path)
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f'rrdesk: error: {path}: line {line}, key "recipients": recipients[1]: not a usable '
                          "X25519 key (a low-order point"), err
    with pytest.raises(AgeError, match="low-order"):
        age.parse_recipient(recipient)


def test_a_post_quantum_recipient_whose_x25519_half_is_low_order_is_refused_too(tmp_path):
    """Before, check accepted it and the first record failed with pyca's bare ValueError."""
    from cryptography.hazmat.primitives.asymmetric.mlkem import MLKEM768PrivateKey

    recipient = bech32.encode("age1pq", MLKEM768PrivateKey.generate().public_key().public_bytes_raw() + bytes(32))
    assert bech32.is_age_hybrid_recipient(recipient)
    old = surveys.load(DEMO).recipients[0]
    path, line = demo_with(tmp_path, f'recipients = ["{old}"]', f'recipients = ["{recipient}"]')
    code, out, err = rrdesk("check", path)
    assert code == 2 and err.startswith(f'rrdesk: error: {path}: line {line}, key "recipients": recipients[0]: not a '
                                        "usable X25519 key (a low-order point"), err
    with pytest.raises(AgeError, match="low-order"):
        age.encrypt(b"yes", [recipient])
