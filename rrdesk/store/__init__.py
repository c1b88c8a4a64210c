"""Bytes on disk: age encryption, the append-only record log, export bundles, key files.

May import ``rrdesk.core``; never Qt, the GUI or the CLI (import-linter contract)."""
