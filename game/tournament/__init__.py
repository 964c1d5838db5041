"""Club tournaments: roster, rounds, results, standings, their storage and files.

Each module has one job, and imports run one way, from the top of this list
down to the bottom; none imports a module above it, nor this package itself:

``cli``
    ``python -m game tournament ...``: computer-only tournaments, headless.
    May import every module below.
``pair_worker``
    Pairing the next round in another process (the round view's), from a
    copy of the tournament.  Imports ``pairing`` and ``model``, and the
    worker process handling of ``game.ai.worker``.
``store``
    Tournaments kept in SQLite, and ``StoredTournament``, which commits each
    change at once.  Imports ``files`` (its JSON import and export), ``pairing``,
    ``model``, ``checks`` and ``errors``.
``trf``
    FIDE's tournament report file: a Swiss written for other pairing
    programs, and a TRF read as a tournament.  Imports ``files`` (its atomic
    write), ``standings``, ``model``, ``checks`` and ``errors``.
``files``
    The JSON export another Callidus imports (and ``loads_json``, JSON from
    disk with bounded numbers and nesting), and the standings and crosstable
    as CSV.  Imports ``standings``, ``model``, ``checks`` and ``errors``.
``pairing``
    Pairing the next round (``pair_next_round``): round robins from their
    Berger tables, Swiss rounds by the FIDE Dutch system.  Imports ``dutch``
    and ``model``.
``dutch``
    The FIDE Dutch system over plain records of each player's rounds, as
    maximum-weight matchings (networkx).  Imports nothing from this package.
``standings``
    Points, standings, tie-breaks and crosstables.  Imports ``model``.
``model``
    The tournament itself (``Tournament``, ``Entrant``, ``GameChoice``,
    ``Pairing``, ``Result``): settings, rounds and results, their checks and
    plain data, and the Berger tables a round robin must follow.  Imports
    ``checks``.
``checks``
    What a name may be (``name_problem``: one the font can draw), short
    messages about bad values, and checked reading of plain data that names
    the bad field.  Imports nothing from this package.
``errors``
    ``StoreError``, the error of the database and of tournament files.

The screens (``scenes/tournament``) use ``model``, ``standings``, ``files``
and ``store``; nothing here knows about them.  The package itself exports
nothing, so importing ``model`` alone never loads SQLite or the files.
"""
