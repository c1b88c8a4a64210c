"""The spinner's animation, as plain arithmetic (no Qt), so it can be tested exactly.

Why the path says nothing about the outcome (threat model point 2): every spin
lasts :data:`DURATION_MS`, uses the same easing and turns the wheel
:data:`TURNS` full times; only the final offset within the last turn differs,
and that offset is where the pointer stops, which :func:`rrdesk.core.randomizer.spin`
draws uniformly over the whole wheel (a sector with its probability, then a
uniform point inside it). So someone timing the spin learns nothing, and
someone who sees where the wheel stops learns no more than the sector it shows.

Angles are in degrees, measured clockwise from 12 o'clock, as the respondent
sees them. Sector ``i`` covers ``[start_i, start_i + span_i)`` of the wheel
with ``start_i = 360 * (w_0 + ... + w_{i-1}) / 2**32``; because
``360 / 2**32 = 45 / 2**29`` and the weights are below ``2**32``, every such
angle is an exact double, so the drawn wheel is the design, to the bit.

The wheel turns clockwise behind a fixed pointer at 12 o'clock. A point at
wheel angle ``a`` is on screen at ``a + rotation``, so the pointer shows wheel
angle ``-rotation mod 360``.
"""
from __future__ import annotations

import bisect
import math

from rrdesk.core.design import WHEEL, Design

#: How long every spin lasts, whatever the outcome (wall-clock milliseconds).
DURATION_MS = 3200

#: Full turns before the final offset; the same for every outcome.
TURNS = 4


def ease(u: float) -> float:
    """Ease-out cubic: fast start, gentle stop with zero speed at ``u = 1``.

    Monotone on ``[0, 1]`` with ``ease(0) = 0`` and ``ease(1) = 1`` exactly."""
    u = min(1.0, max(0.0, u))
    return 1.0 - (1.0 - u) ** 3


def final_offset(position: float) -> float:
    """Degrees the wheel turns beyond :data:`TURNS` full turns so that the pointer
    ends at ``position`` (a fraction of a turn in ``[0, 1)``); in ``[0, 360)``."""
    _check_position(position)
    offset = (-360.0 * position) % 360.0
    return 0.0 if offset >= 360.0 else offset  # -tiny % 360 rounds to 360.0


def total_rotation(position: float) -> float:
    """The wheel's rotation when the spin ends: ``TURNS`` full turns plus the offset."""
    return 360.0 * TURNS + final_offset(position)


def rotation_at(elapsed_ms: float, position: float, duration_ms: float | None = None) -> float:
    """Clockwise rotation of the wheel, in degrees, ``elapsed_ms`` into a spin that
    stops with the pointer at ``position``.

    ``0`` at the start for every outcome, :func:`total_rotation` from
    ``duration_ms`` (default :data:`DURATION_MS`, read at call time) on, and
    non-decreasing in between."""
    duration = DURATION_MS if duration_ms is None else duration_ms
    if not duration > 0:
        raise ValueError("the spin duration must be positive")
    return ease(elapsed_ms / duration) * total_rotation(position)


def pointer_angle(rotation: float) -> float:
    """The wheel angle under the fixed pointer when the wheel is turned by
    ``rotation`` degrees; in ``[0, 360)``."""
    angle = (-rotation) % 360.0
    return 0.0 if angle >= 360.0 else angle


def sector_angles(design: Design) -> list[tuple[float, float]]:
    """``(start, span)`` in degrees for each sector, from the integer weights.

    Exact: ``360 * n / 2**32`` is a dyadic rational with at most 38 significant
    bits for ``n <= 2**32``, so each value is a double with no rounding, and the
    spans add up to exactly 360."""
    angles = []
    cumulative = 0
    for sector in design.sectors:
        angles.append((360 * cumulative / WHEEL, 360 * sector.weight / WHEEL))
        cumulative += sector.weight
    return angles


def sector_at(angles: list[tuple[float, float]], angle: float) -> int:
    """Index of the sector holding wheel ``angle`` (degrees, in ``[0, 360)``).

    The angle of a position ``k / 2**32`` and the sector starts are both exact,
    so a position at the very start of a sector belongs to that sector, as in
    the randomizer."""
    if not 0.0 <= angle < 360.0:
        raise ValueError("a wheel angle must be in [0, 360)")
    starts = [start for start, _ in angles]
    return bisect.bisect_right(starts, angle) - 1


def _check_position(position: float) -> None:
    # the message never repeats the value: a position is an outcome
    if not isinstance(position, (int, float)) or isinstance(position, bool) \
            or not math.isfinite(position) or not 0.0 <= position < 1.0:
        raise ValueError("a spinner position must be a fraction of a turn in [0, 1)")
