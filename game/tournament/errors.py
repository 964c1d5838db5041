"""The one error of kept tournaments, shared by ``store`` (the database) and
``files`` (export and import files), so that neither needs the other for it."""


class StoreError(Exception):
    """The database or a file cannot be used; the message says which and why."""
