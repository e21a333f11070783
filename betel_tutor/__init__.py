"""betel-tutor: learn and teach Betel, the Polish three-player trick-taking game.

The package is layered (docs/layout.md): values and rules at the bottom, the scenario checker,
renderers and the tutor above them, and the command line on top; imports only run downwards.
"""

__version__ = "0.1.0"
