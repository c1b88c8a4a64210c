"""The use cases, one module each, below both front-ends and free of Qt.

===============  ===========================================================================
``interviews``   recording interviews: the one service that seals and stores answers
``simulate``     synthetic, compliant respondents through that same service
``check``        a survey's privacy and precision before the field
``custody``      the coordinator's keys, the laptop's exports, checking what arrived
``aggregate``    the coordinator's results from the export bundles, and the report files
===============  ===========================================================================

The command line (``rrdesk.cli``) only parses arguments and prints; the GUI (``rrdesk.gui``)
only shows and sends back what the person did. Both ask here, so both do the same thing and
say the same words. May import ``rrdesk.store`` and ``rrdesk.core``; never Qt, the GUI or
the CLI (import-linter layers contract in pyproject.toml).
"""
