"""The adapter's exceptions (shared by phasegame.py and choices.py)."""


class SetupError(Exception):
    """A position the adapter cannot set up (answered with `error`)."""


class Refused(Exception):
    """A decision phase (or the adapter, for a decision that names nothing
    in the game) does not take; the game is unchanged."""

    def __init__(self, message, rule=None):
        super().__init__(message)
        self.message = message
        self.rule = rule


class Unsupported(Exception):
    """phase asks for something the shared vocabulary cannot express."""
