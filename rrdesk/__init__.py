"""rrdesk: randomized-response surveys on field laptops."""
from __future__ import annotations

__version__ = "0.1.0"
