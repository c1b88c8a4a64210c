"""The bottom layer: pure logic (designs, randomizer, survey files, estimation, results) plus
the two things every layer above shares -- the one exception tree (``errors``) and the one
file-I/O module (``fileio``) -- and what every process of rrdesk does first (``hardening``:
no core dump). Never imports the store, the app, the GUI, the CLI or Qt."""
