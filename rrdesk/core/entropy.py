"""The operating system's CSPRNG, read in one place for the store and the randomizer, and the one
line a person reads when it fails (a broken ``getrandom``, an exhausted or missing device): never
a bare "Input/output error" that names nothing.

Use::

    key = system_bytes(32)      # RandomFailed if the system cannot give them
"""
from __future__ import annotations

import os

from rrdesk.core.errors import RandomFailed, os_reason

__all__ = ["system_bytes"]


def system_bytes(n: int) -> bytes:
    """``n`` bytes from the operating system's CSPRNG (``os.urandom``).

    Raises
    ------
    RandomFailed
        The system could not give them: nothing was drawn, so nothing was recorded or sealed
        with them.
    """
    try:
        return os.urandom(n)
    except (OSError, NotImplementedError) as error:
        reason = os_reason(error) if isinstance(error, OSError) else "there is none on this system"
        raise RandomFailed(f"the operating system's random number generator failed ({reason}): nothing was "
                           "drawn, so nothing was recorded or sealed with it; restart the computer and try "
                           "again") from None
