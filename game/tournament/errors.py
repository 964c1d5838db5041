"""The one error of kept tournaments, shared by ``store`` (the database) and
``files`` (export and import files), so that neither needs the other for it."""

from ..errors import DamagedFileError


class StoreError(DamagedFileError):
    """The database or a file cannot be used; the message says which and why.

    A ``DamagedFileError`` (so a ``ValueError``), as every file the program cannot
    read as what it claims to be."""
