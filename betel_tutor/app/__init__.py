"""The application layer: one module a command, each a function over a frozen options value
that returns a result value and raises :class:`betel_tutor.errors.BetelError`; it never prints
or exits (the command line in :mod:`betel_tutor.cli` turns results into text and exit codes)."""
