"""The one error a user sees: input that cannot be analysed, with a message saying what to fix.

It lives on its own so that every part can raise it without importing any other part.
The command line turns it into one line on stderr and exit code 2.
"""


class InputError(ValueError):
    """Input that cannot be analysed; the message says what to fix."""
