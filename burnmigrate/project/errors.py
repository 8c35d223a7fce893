"""The error bad input raises."""


class UsageError(Exception):
    """Bad input: the CLI prints the message on one line and exits 2."""
