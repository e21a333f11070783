"""The application layer: each command of the program as a function over a frozen options
value that returns a result value and raises :class:`~betel_tutor.errors.BetelError`; it never
prints or exits (the command line turns results and errors into text and exit codes)."""
