"""Bridge boards through endplay: the board as the file formats see it, PBN read and written,
LIN read, DDS's tables and par, and the bridge auction. Below :mod:`betel_tutor.scenario`,
which reads a board file as the scenario it converts to (:mod:`betel_tutor.scenario.boards`)."""
