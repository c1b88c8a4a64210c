"""What every command shares: exit codes (docs/ARCHITECTURE.md, "Contracts")."""
from __future__ import annotations

EXIT_OK, EXIT_PROBLEMS, EXIT_BAD_INPUT = 0, 1, 2
