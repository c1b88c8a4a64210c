"""The spinner: it draws exactly the design's sectors, its animation says nothing about
the outcome (threat model point 2), and a respondent can work it with one tap."""
from __future__ import annotations

import itertools
import math
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QElapsedTimer, Qt
from PySide6.QtGui import QColor
from scipy import stats

from rrdesk.core import design, randomizer
from rrdesk.core.design import WHEEL
from rrdesk.gui.spinner import path as spin_path
from rrdesk.gui.spinner.widget import MIN_SIDE, SpinnerWidget
from tests.conftest import SeededSource


def _binding_drops_none() -> bool:
    colour, before = QColor(), sys.getrefcount(None)
    for _ in range(100):
        colour.setAlpha(1)
    return sys.getrefcount(None) < before - 50


FORCED_LABELS = ["Answer truthfully", "Say YES", "Say NO"]
DESIGNS = {
    "forced": design.forced(epsilon=math.log(3)),
    "forced-uneven": design.forced(truth=0.6, yes=0.3, no=0.1),
    "warner": design.warner(p=0.75),
    "unrelated": design.unrelated(p=0.5, prevalence=0.25),
    "kary3": design.kary(3, epsilon=1.5),
    "kary4": design.kary(4, epsilon=1.5),
    "kary4-truth": design.kary(4, truth=0.3),
}


def at(fraction: float) -> float:
    """A stopping point as the randomizer makes them: a multiple of 2**-32."""
    return round(fraction * WHEEL) / WHEEL


POSITIONS = [0.0, 1 / WHEEL, at(0.1), 0.25, 0.5 - 1 / WHEEL, 0.5, at(0.7), 0.75, at(0.9), (WHEEL - 1) / WHEEL]
positions = st.integers(0, WHEEL - 1).map(lambda k: k / WHEEL)


def test_the_qt_binding_keeps_none_alive():
    # PySide6 6.12.0 on CPython 3.11 dropped a reference to None on every void call, and
    # the app aborted ("none_dealloc") within seconds of spinning; pyproject.toml excludes it
    assert not _binding_drops_none()


# -- the wheel is the design ---------------------------------------------------------------


@pytest.mark.parametrize("name", DESIGNS)
def test_sector_angles_are_the_integer_weights_exactly(name):
    d = DESIGNS[name]
    angles = spin_path.sector_angles(d)
    assert len(angles) == len(d.sectors)
    cumulative = 0
    for (start, span), sector in zip(angles, d.sectors):
        assert Fraction(start) == Fraction(360 * cumulative, WHEEL)
        assert Fraction(span) == Fraction(360 * sector.weight, WHEEL)
        cumulative += sector.weight
    assert sum(span for _, span in angles) == 360.0
    assert angles[0][0] == 0.0
    for (start, span), (following, _) in itertools.pairwise(angles):
        assert start + span == following  # no gap, no overlap


@pytest.mark.parametrize("name", DESIGNS)
def test_a_position_on_a_sector_edge_belongs_to_the_sector_it_starts(name):
    d = DESIGNS[name]
    angles = spin_path.sector_angles(d)
    cumulative = 0
    for index, sector in enumerate(d.sectors):
        assert spin_path.sector_at(angles, 360 * cumulative / WHEEL) == index
        last = cumulative + sector.weight - 1
        assert spin_path.sector_at(angles, 360 * last / WHEEL) == index
        cumulative += sector.weight


# -- the animation says nothing about the outcome ------------------------------------------


@pytest.mark.parametrize("position", POSITIONS)
def test_every_spin_starts_still_and_ends_with_the_pointer_on_its_position(position):
    assert spin_path.rotation_at(0, position) == 0.0
    end = spin_path.rotation_at(spin_path.DURATION_MS, position)
    assert spin_path.pointer_angle(end) == 360 * position  # exact: both are dyadic
    assert spin_path.rotation_at(spin_path.DURATION_MS + 5000, position) == end


def test_every_outcome_turns_the_same_full_turns_in_the_same_time_on_the_same_curve():
    full_turns = {spin_path.total_rotation(p) - spin_path.final_offset(p) for p in POSITIONS}
    assert full_turns == {360.0 * spin_path.TURNS}
    assert all(0.0 <= spin_path.final_offset(p) < 360.0 for p in POSITIONS)
    for t in range(0, spin_path.DURATION_MS + 1, 40):
        progress = {round(spin_path.rotation_at(t, p) / spin_path.total_rotation(p), 12)
                    for p in POSITIONS if p}
        assert progress == {round(spin_path.ease(t / spin_path.DURATION_MS), 12)}
    for p in POSITIONS:  # still moving until the very end, for every outcome
        assert spin_path.rotation_at(spin_path.DURATION_MS - 1, p) < spin_path.total_rotation(p)


@settings(deadline=None, max_examples=200)
@given(position=positions)
def test_the_wheel_never_turns_back(position):
    times = np.linspace(0, spin_path.DURATION_MS, 321)
    path = [spin_path.rotation_at(t, position) for t in times]
    assert all(b >= a for a, b in itertools.pairwise(path))
    assert path[-1] == spin_path.total_rotation(position)


def test_a_position_outside_the_wheel_is_refused_without_being_repeated():
    for bad in (-0.25, 1.0, 1.75, math.nan, math.inf):
        with pytest.raises(ValueError) as caught:
            spin_path.final_offset(bad)
        assert str(bad) not in str(caught.value)


def test_the_end_angle_is_uniform_inside_every_sector_and_over_the_wheel():
    d = design.forced(truth=0.34, yes=0.33, no=0.33)
    angles = spin_path.sector_angles(d)
    source = SeededSource(2026)
    within: list[list[float]] = [[] for _ in d.sectors]
    offsets = []
    for _ in range(33_000):
        outcome = randomizer.spin(d, source=source)
        end = spin_path.rotation_at(spin_path.DURATION_MS, outcome.position)
        angle = spin_path.pointer_angle(end)
        sector = spin_path.sector_at(angles, angle)
        assert sector == outcome.sector  # the pointer stops in the sector drawn for it
        start, span = angles[sector]
        within[sector].append((angle - start) / span)
        offsets.append(spin_path.final_offset(outcome.position) / 360.0)
    for fractions in within:
        assert len(fractions) >= 10_000
        assert min(fractions) >= 0.0 and max(fractions) < 1.0
        assert stats.kstest(fractions, "uniform").pvalue > 1e-3
        counts, _ = np.histogram(fractions, bins=20, range=(0.0, 1.0))
        assert stats.chisquare(counts).pvalue > 1e-3
    assert stats.kstest(offsets, "uniform").pvalue > 1e-3


# -- the widget ------------------------------------------------------------------------------


@pytest.fixture
def wheel(qtbot):
    widget = SpinnerWidget()
    qtbot.addWidget(widget)
    widget.resize(400, 400)
    widget.set_wheel(DESIGNS["forced"], FORCED_LABELS)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def short_spins(monkeypatch):
    monkeypatch.setattr(spin_path, "DURATION_MS", 300)
    return 300


def test_tapping_the_wheel_asks_for_a_spin(qtbot, wheel):
    with qtbot.waitSignal(wheel.spinRequested, timeout=1000):
        qtbot.mouseClick(wheel, Qt.MouseButton.LeftButton, pos=wheel.rect().center())


@pytest.mark.parametrize("key", [Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_space_or_enter_asks_for_a_spin(qtbot, wheel, key):
    wheel.setFocus()
    with qtbot.waitSignal(wheel.spinRequested, timeout=1000):
        qtbot.keyClick(wheel, key)


def test_a_spinning_wheel_does_not_ask_for_another_spin(qtbot, wheel, short_spins):
    wheel.spin_to(at(0.3))
    with qtbot.assertNotEmitted(wheel.spinRequested):
        qtbot.mouseClick(wheel, Qt.MouseButton.LeftButton, pos=wheel.rect().center())
        qtbot.keyClick(wheel, Qt.Key.Key_Space)
    with qtbot.waitSignal(wheel.finished, timeout=short_spins + 2000):
        pass


def test_a_spin_lasts_its_full_duration_and_finishes_once_on_its_position(qtbot, wheel):
    finishes = []
    wheel.finished.connect(lambda: finishes.append(1))
    clock = QElapsedTimer()
    clock.start()
    with qtbot.waitSignal(wheel.finished, timeout=spin_path.DURATION_MS + 2000):
        wheel.spin_to(at(0.6))
        assert wheel.is_spinning()
    assert clock.elapsed() >= spin_path.DURATION_MS - 50
    assert not wheel.is_spinning()
    assert spin_path.pointer_angle(wheel.rotation()) == 360 * at(0.6)
    qtbot.wait(100)  # let any stray timer fire
    assert finishes == [1]


@pytest.mark.parametrize("position", [0.0, at(0.3), at(0.55), at(0.8), (WHEEL - 1) / WHEEL])
def test_every_outcome_takes_the_same_time(qtbot, wheel, short_spins, position):
    clock = QElapsedTimer()
    clock.start()
    with qtbot.waitSignal(wheel.finished, timeout=short_spins + 2000):
        wheel.spin_to(position)
    assert short_spins - 50 <= clock.elapsed() <= short_spins + 1500
    assert spin_path.pointer_angle(wheel.rotation()) == 360 * position


def test_a_question_cannot_be_spun_again_until_reset(qtbot, wheel, short_spins):
    with qtbot.waitSignal(wheel.finished, timeout=short_spins + 2000):
        wheel.spin_to(at(0.1))
        wheel.spin_to(at(0.7))  # while spinning: ignored
    assert spin_path.pointer_angle(wheel.rotation()) == 360 * at(0.1)
    with qtbot.assertNotEmitted(wheel.finished, wait=short_spins + 200):
        wheel.spin_to(at(0.7))  # after the spin: ignored
    assert not wheel.is_spinning()
    assert spin_path.pointer_angle(wheel.rotation()) == 360 * at(0.1)
    with qtbot.assertNotEmitted(wheel.spinRequested):
        qtbot.mouseClick(wheel, Qt.MouseButton.LeftButton, pos=wheel.rect().center())

    wheel.reset()
    assert not wheel.is_aimed() and wheel.rotation() == 0.0
    with qtbot.waitSignal(wheel.finished, timeout=short_spins + 2000):
        wheel.spin_to(at(0.7))
    assert spin_path.pointer_angle(wheel.rotation()) == 360 * at(0.7)


def test_reset_during_a_spin_stops_it_without_finishing(qtbot, wheel, short_spins):
    wheel.spin_to(at(0.4))
    wheel.reset()
    assert not wheel.is_spinning() and not wheel.is_aimed()
    with qtbot.assertNotEmitted(wheel.finished, wait=short_spins + 200):
        pass


def test_reduced_motion_keeps_the_wheel_still_and_shows_the_result_after_the_same_time(qtbot, wheel):
    wheel.reduced_motion = True
    clock = QElapsedTimer()
    clock.start()
    wheel.spin_to(at(0.85))
    qtbot.wait(spin_path.DURATION_MS // 2)
    assert wheel.is_spinning() and wheel.rotation() == 0.0
    with qtbot.waitSignal(wheel.finished, timeout=spin_path.DURATION_MS + 2000):
        pass
    assert spin_path.DURATION_MS - 50 <= clock.elapsed() <= spin_path.DURATION_MS + 1500
    assert spin_path.pointer_angle(wheel.rotation()) == 360 * at(0.85)


def test_a_screen_reader_hears_the_wheel_turn_then_the_sector_it_shows_and_nothing_before(qtbot, wheel,
                                                                                           short_spins):
    """Through Qt's accessibility interface (what AT-SPI reads): while the wheel turns its value
    says only that it turns; once it stopped, the sector under the pointer (painted there
    too); after reset, nothing. Its name, tooltip and title never name an outcome."""
    from PySide6.QtGui import QAccessible

    def fixed() -> list[str]:
        return [wheel.accessibleName(), wheel.toolTip(), wheel.windowTitle(), wheel.statusTip(), wheel.whatsThis()]

    face = QAccessible.queryAccessibleInterface(wheel)
    value = lambda: face.text(QAccessible.Text.Value)  # noqa: E731
    description = lambda: face.text(QAccessible.Text.Description)  # noqa: E731
    before = fixed()
    assert face.text(QAccessible.Text.Name) == "Spinner wheel" and face.role() == QAccessible.Role.Animation
    assert value() == "" and description() == "Tap the wheel, or press Space, to spin it"
    with qtbot.waitSignal(wheel.finished, timeout=short_spins + 2000):
        wheel.spin_to(at(0.6))  # "Say YES"
        assert value() == description() == "The spinner is turning…"
    assert value() == "Say YES" and description() == "The spinner says: Say YES"
    assert spin_path.sector_at(wheel.sector_angles(), 360 * at(0.6)) == 1
    assert fixed() == before
    for text in fixed():
        assert not any(label.lower() in text.lower() for label in FORCED_LABELS)
    wheel.reset()
    assert value() == "" and description() == "Tap the wheel, or press Space, to spin it"


def test_the_wheel_is_touch_sized_gives_up_its_room_first_and_is_reachable_by_keyboard(wheel):
    hint = wheel.minimumSizeHint()
    assert hint.width() == hint.height() == MIN_SIDE >= 200  # its labels still read at this size
    assert wheel.sizeHint().width() >= 2 * MIN_SIDE  # it asks for a wide column...
    assert wheel.sizeHint().height() == MIN_SIDE  # ...but for no height it can do without: it shrinks first
    assert not wheel.hasHeightForWidth()  # a narrow column never makes a screen taller for its wheel
    assert wheel.focusPolicy() == Qt.FocusPolicy.StrongFocus


def test_a_small_wheel_is_still_a_whole_circle_in_its_widget(wheel):
    from PySide6.QtCore import QSize

    from rrdesk.gui.spinner.layout import build_layout

    for size in (QSize(MIN_SIDE, MIN_SIDE), QSize(MIN_SIDE, 3 * MIN_SIDE), QSize(3 * MIN_SIDE, MIN_SIDE)):
        layout = build_layout(size, DESIGNS["forced"], wheel.sector_angles(), FORCED_LABELS, wheel.font(), 2.0,
                              None)
        c, r = layout.centre, layout.radius
        assert r >= MIN_SIDE * 0.3, size
        assert c.x() - r >= 0 and c.x() + r <= size.width() and c.y() - r >= 0 and c.y() + r <= size.height(), size


def test_the_widget_draws_the_exact_angles(wheel):
    assert wheel.sector_angles() == spin_path.sector_angles(DESIGNS["forced"])


def test_a_wheel_needs_one_label_per_sector(wheel):
    with pytest.raises(ValueError, match="one text label per sector"):
        wheel.set_wheel(DESIGNS["kary4"], FORCED_LABELS)


def test_spinning_needs_a_wheel_and_a_position_on_it(qtbot, wheel):
    empty = SpinnerWidget()
    qtbot.addWidget(empty)
    with pytest.raises(RuntimeError):
        empty.spin_to(0.5)
    with pytest.raises(ValueError) as caught:
        wheel.spin_to(1.5)
    assert "1.5" not in str(caught.value)
    assert not wheel.is_spinning()


@pytest.mark.parametrize("name", DESIGNS)
@pytest.mark.parametrize("practice", [False, True])
def test_every_wheel_paints_idle_spinning_and_finished(qtbot, short_spins, name, practice):
    d = DESIGNS[name]
    widget = SpinnerWidget()
    qtbot.addWidget(widget)
    widget.resize(360, 360)
    widget.set_wheel(d, [f"Instruction number {i + 1}" for i in range(len(d.sectors))], practice=practice)
    assert not widget.grab().isNull()
    widget.spin_to(0.99)
    assert not widget.grab().isNull()
    with qtbot.waitSignal(widget.finished, timeout=short_spins + 2000):
        pass
    image = widget.grab().toImage()
    assert not image.isNull() and image.width() == 360


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("side", [MIN_SIDE, 260, 400, 800])
def test_a_wheel_label_is_never_a_cut_word_only_whole_words_or_its_mark(qtbot, lang, side):
    """On a small wheel a label gets smaller type, then its mark alone (✓ ✗ ■ ▲ as on its
    answer button): never "Répon…" or "Di…" (the wheel used to elide what did not fit)."""
    from PySide6.QtGui import QFont

    from rrdesk.core import survey as surveys
    from rrdesk.gui import wording
    from rrdesk.gui.spinner import layout as wheel_layout
    from tests.conftest import DEMO

    demo = surveys.load(DEMO)
    font, shown = QFont(), []
    for q in demo.randomized:
        angles = wheel_layout_angles(q.design)
        radius = side / 2 * 0.85
        for (start, span), text in zip(angles, wording.wheel_labels(q, lang)):
            distance, room = wheel_layout.label_circle(span, radius, radius * 0.13)
            drawn, _ = wheel_layout.fitted(font, text, lambda w, h: math.hypot(w, h) <= 2 * room, 2 * room,
                                           int(radius * 0.13), 0.0)
            assert "…" not in drawn and (drawn == text or drawn == text.split(maxsplit=1)[0]), (text, drawn)
            shown.append(drawn == text)
    assert any(shown)
    if side == MIN_SIDE:
        assert not all(shown)  # the smallest wheel does show a mark alone somewhere


def wheel_layout_angles(d):
    """Each sector's (start, span) in degrees, from the integer weights."""
    out, start = [], 0.0
    for s in d.sectors:
        span = 360.0 * s.weight / WHEEL
        out.append((start, span))
        start += span
    return out


def _painted_luminance(colour, texture: str, size: int) -> float:
    """The mean relative luminance of a sector's fill as painted (its texture included)."""
    from PySide6.QtGui import QImage

    from rrdesk.gui.spinner.style import fill, ink_for, luminance

    brush = fill(colour, texture, size, ink_for(colour))
    if texture == "plain":
        return luminance(colour)
    image = brush.texture().toImage().convertToFormat(QImage.Format.Format_RGB32)
    values = [luminance(QColor(image.pixel(x, y))) for x in range(image.width()) for y in range(image.height())]
    return sum(values) / len(values)


@pytest.mark.parametrize("name", [*sorted(DESIGNS), "kary6"])
@pytest.mark.parametrize("size", [6, 12, 24])
def test_without_colour_neighbouring_sectors_differ_by_lightness_or_by_their_signs(qtbot, name, size):
    """In greyscale: two sectors side by side (the last beside the first) differ by a luminance
    ratio of at least 3:1 as painted, or both name answers, which their different signs show
    (✓/✗, ●/▲/…: on the wheel and on the buttons)."""
    from rrdesk.core.design import Act
    from rrdesk.gui.spinner.style import style

    d = DESIGNS[name] if name in DESIGNS else design.kary(6, epsilon=2.0)
    n = len(d.sectors)
    for i in range(n):
        j = (i + 1) % n
        a, b = d.sectors[i].instruction, d.sectors[j].instruction
        if a == b or n == 1:
            continue
        la = _painted_luminance(*style(d, i), size)
        lb = _painted_luminance(*style(d, j), size)
        ratio = (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
        if a.act is Act.SAY and b.act is Act.SAY:
            assert a.value != b.value  # different answers: different signs
            continue
        assert ratio >= 3.0, f"{name}: sectors {i} and {j} differ {ratio:.2f}:1 in greyscale"
