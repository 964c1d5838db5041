"""The translation catalogues (Babel): extract the texts, update each language, compile.

Run from the project root:

    python3 tools/catalogues.py            # all three, in order
    python3 tools/catalogues.py extract    # locale/callidus.pot and locale/rules.pot
    python3 tools/catalogues.py update     # every language's .po takes the new texts
    python3 tools/catalogues.py compile    # every .po to the .mo the program reads
    python3 tools/catalogues.py check      # what a catalogue leaves untranslated, or is stale
    python3 tools/catalogues.py missing fa           # fa's untranslated texts, as JSON to fill in
    python3 tools/catalogues.py translate fa FILE.json   # take the translations in FILE.json

``missing CODE [rules]`` prints a JSON object of every text the catalogue of ``CODE`` leaves
untranslated or fuzzy, each mapped to ``""`` (or, for a text with plural forms, to a list
of as many empty strings as the language has forms); a text with a context is written
``context|text``.  ``translate CODE FILE.json [rules]`` reads such an object back, filled in,
checks each translation keeps its placeholders, writes the catalogue and compiles it.
Every step holds a lock on ``locale/``, so two translators running it at once do not write
over each other's work.

Two domains: ``callidus``, every ``_()``, ``N_()``, ``ngettext()`` and ``pgettext()`` in
``game/``, ``scenes/`` and ``main.py``; ``rules``, the texts of ``assets/rules/*.json``, each
under its game's name as context.  The ``.mo`` files are committed beside their ``.po``, so
a fresh checkout and the app bundle have them without running this; a test checks that
they are compiled from the ``.po`` as it is, and that no text of the source is missing from
the catalogues.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.i18n import DOMAIN, LANGUAGES, RULES_DOMAIN, SOURCE  # noqa: E402
from game.version import VERSION  # noqa: E402

LOCALE = ROOT / "locale"
RULES = ROOT / "assets" / "rules"
DOMAINS = (DOMAIN, RULES_DOMAIN)
#: Where the program's texts are looked for (Babel's mapping: pattern, method).
SOURCES = [("game/**.py", "python"), ("scenes/**.py", "python"), ("main.py", "python")]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
WIDTH = 100
PROJECT = "Callidus"
#: A placeholder filled after translating: {name}, {n}.
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
TAG = re.compile(r"</?[a-z]+>")


def new_catalog(domain: str, code: str | None = None) -> Catalog:
    what = "the rules pages" if domain == RULES_DOMAIN else "the program"
    language = f"{LANGUAGES[code].name} ({code})" if code else "The English source"
    return Catalog(locale=code, domain=domain, project=PROJECT, version=VERSION,
                   copyright_holder="the Callidus authors", msgid_bugs_address="",
                   last_translator="the Callidus authors",
                   language_team=LANGUAGES[code].name if code else "",
                   header_comment=f"# {language}: the texts of {what}.\n"
                                  f"# Made and kept up to date by tools/catalogues.py; see the "
                                  f"README, Adding a language.\n#", fuzzy=False)


def languages() -> list[str]:
    return [code for code in LANGUAGES if code != SOURCE]


def po_path(code: str, domain: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{domain}.po"


def template_path(domain: str) -> Path:
    return LOCALE / f"{domain}.pot"


# --- extracting -------------------------------------------------------------------------

def extract_program() -> Catalog:
    """Every text of the program's source marked for translation."""
    catalog = new_catalog(DOMAIN)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), SOURCES, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def rules_texts() -> list[tuple[str, str, str]]:
    """(game, text, where) of every text of the rules pages, in page order."""
    out = []
    for path in sorted(RULES.glob("*.json")):
        game = path.stem
        rules = json.loads(path.read_text(encoding="utf-8"))
        where = f"assets/rules/{path.name}"
        for section in rules["sections"]:
            out.append((game, section["heading"], where))
            out += [(game, text, where) for text in section["paragraphs"]]
            caption = section.get("diagram", {}).get("caption")
            if caption:
                out.append((game, caption, where))
    return out


def extract_rules() -> Catalog:
    catalog = new_catalog(RULES_DOMAIN)
    for game, text, where in rules_texts():
        catalog.add(text, None, [(where, 0)], context=game)
    return catalog


def extract(domain: str) -> Catalog:
    return extract_program() if domain == DOMAIN else extract_rules()


def _keys(catalog) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id))
            for m in catalog if m.id}


def _write(catalog, path: Path, **options) -> None:
    out = io.BytesIO()
    # files without line numbers: a change elsewhere in a file leaves the catalogues alone
    write_po(out, catalog, width=WIDTH, omit_header=False, include_lineno=False, **options)
    new = out.getvalue()
    # only the dates would differ: leave the file as it is
    if path.exists() and _undated(path.read_bytes()) == _undated(new):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)


def _undated(data: bytes) -> bytes:
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"]*"', b"", data)


def write_templates() -> None:
    for domain in DOMAINS:
        _write(extract(domain), template_path(domain))


# --- updating and compiling ---------------------------------------------------------------

def read(path: Path, code: str | None = None) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle, locale=code, domain=path.stem)


def update() -> None:
    """Every language's catalogues take the template's texts: new ones untranslated, those
    gone dropped, changed ones kept as fuzzy guesses for the translator."""
    for domain in DOMAINS:
        template = read(template_path(domain))
        for code in languages():
            path = po_path(code, domain)
            if path.exists():
                catalog = read(path, code)
            else:
                catalog = new_catalog(domain, code)
            catalog.update(template, update_header_comment=False)
            _write(catalog, path, ignore_obsolete=True)


def compiled(path: Path) -> bytes:
    """The ``.mo`` of the ``.po`` at ``path``, fuzzy entries left out."""
    out = io.BytesIO()
    write_mo(out, read(path, path.parent.parent.name), use_fuzzy=False)
    return out.getvalue()


def compile_all() -> None:
    for domain in DOMAINS:
        for code in languages():
            path = po_path(code, domain)
            if path.exists():
                path.with_suffix(".mo").write_bytes(compiled(path))


# --- checking ------------------------------------------------------------------------------

def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def tags(text: str) -> list[str]:
    return sorted(TAG.findall(text))


def problems(code: str, domain: str) -> list[str]:
    """What the catalogue of ``code`` leaves undone: messages untranslated or fuzzy, and
    translations whose placeholders (or, for the rules, HTML tags) differ from the English."""
    path = po_path(code, domain)
    if not path.exists():
        return [f"{path.relative_to(ROOT)} is missing"]
    out = []
    for message in read(path, code):
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        where = f"{code}/{domain}: {ids[0][:70]!r}"
        if message.fuzzy:
            out.append(f"{where} is fuzzy")
        if not all(strings):
            out.append(f"{where} is not translated")
            continue
        wanted = placeholders(ids[-1])
        for string in strings:
            if placeholders(string) != wanted and not (
                    len(ids) > 1 and set(placeholders(string)) <= set(wanted)):
                out.append(f"{where}: placeholders {placeholders(string)} instead of {wanted}")
            if domain == RULES_DOMAIN and tags(string) != tags(ids[0]):
                out.append(f"{where}: tags {tags(string)} instead of {tags(ids[0])}")
    return out


def stale() -> list[str]:
    """Texts of the source missing from a template or a catalogue (or kept there though
    gone from the source), and ``.mo`` files not compiled from their ``.po``."""
    out = []
    for domain in DOMAINS:
        wanted = _keys(extract(domain))
        template = template_path(domain)
        if not template.exists() or _keys(read(template)) != wanted:
            out.append(f"{template.relative_to(ROOT)} is not the source's texts: run "
                       "python3 tools/catalogues.py")
        for code in languages():
            path = po_path(code, domain)
            if not path.exists():
                continue
            have = _keys(read(path, code))
            for context, text in sorted(wanted - have, key=str):
                out.append(f"{code}/{domain} lacks {text!r}")
            for context, text in sorted(have - wanted, key=str):
                out.append(f"{code}/{domain} keeps {text!r}, gone from the source")
            mo = path.with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled(path):
                out.append(f"{mo.relative_to(ROOT)} is not compiled from its .po")
    return out


# --- translating by hand ---------------------------------------------------------------

#: How ``missing`` and ``translate`` write a text with a context: ``context|text``.
CONTEXT_MARK = "|"


def _key(message) -> str:
    text = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context}{CONTEXT_MARK}{text}" if message.context else text


def missing(code: str, domain: str = DOMAIN) -> dict:
    """The texts the catalogue of ``code`` leaves untranslated or fuzzy, each mapped to
    an empty translation (a list of empty strings for a text with plural forms)."""
    catalog = read(po_path(code, domain), code)
    out = {}
    for message in catalog:
        if not message.id:
            continue
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        if message.fuzzy or not all(strings):
            out[_key(message)] = ("" if isinstance(message.id, str)
                                  else [""] * catalog.num_plurals)
    return out


def translate(code: str, translations: dict, domain: str = DOMAIN) -> list[str]:
    """Put ``translations`` (as ``missing`` writes them) into the catalogue of ``code`` and
    compile it; returns what was refused (a text the catalogue does not hold, a
    translation that loses or adds a placeholder, the wrong number of plural forms)."""
    path = po_path(code, domain)
    catalog = read(path, code)
    by_key = {_key(m): m for m in catalog if m.id}
    refused = []
    for key, string in translations.items():
        message = by_key.get(key)
        if message is None:
            refused.append(f"{key[:70]!r} is not in {path.relative_to(ROOT)} "
                           "(run extract and update first?)")
            continue
        plural = not isinstance(message.id, str)
        if plural != isinstance(string, list) or (plural and len(string) != catalog.num_plurals):
            refused.append(f"{key[:70]!r} wants "
                           + (f"a list of {catalog.num_plurals} forms" if plural else "one string"))
            continue
        ids = [message.id] if not plural else list(message.id)
        strings = string if plural else [string]
        if not all(isinstance(s, str) and s for s in strings):
            continue                      # left empty: still to do
        wanted = placeholders(ids[-1])
        if any(placeholders(s) != wanted and not (plural and set(placeholders(s)) <= set(wanted))
               for s in strings):
            refused.append(f"{key[:70]!r}: placeholders differ from {wanted}")
            continue
        if domain == RULES_DOMAIN and any(tags(s) != tags(ids[0]) for s in strings):
            refused.append(f"{key[:70]!r}: tags differ from {tags(ids[0])}")
            continue
        message.string = tuple(strings) if plural else strings[0]
        message.flags.discard("fuzzy")
    _write(catalog, path)
    path.with_suffix(".mo").write_bytes(compiled(path))
    return refused


@contextlib.contextmanager
def locked():
    """Hold ``locale/.lock`` while a step reads and writes the catalogues (where the system
    has ``fcntl``; elsewhere one translator at a time)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(LOCALE / ".lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def main(argv) -> int:
    with locked():
        return _main(argv)


def _main(argv) -> int:
    if argv and argv[0] in ("missing", "translate"):
        step, rest = argv[0], argv[1:]
        domain = RULES_DOMAIN if rest[-1:] == ["rules"] else DOMAIN
        rest = rest[:-1] if rest[-1:] == ["rules"] else rest
        if not rest or rest[0] not in languages() or (step == "translate") != (len(rest) == 2):
            print(f"usage: {step} CODE{' FILE.json' if step == 'translate' else ''} [rules]; "
                  f"the languages are {', '.join(languages())}")
            return 2
        if step == "missing":
            print(json.dumps(missing(rest[0], domain), ensure_ascii=False, indent=1))
            return 0
        try:
            translations = json.loads(Path(rest[1]).read_text(encoding="utf-8"))
        except (OSError, ValueError) as problem:
            print(f"{rest[1]}: {problem}")
            return 2
        if not isinstance(translations, dict):
            print(f"{rest[1]}: not a JSON object of texts and their translations")
            return 2
        refused = translate(rest[0], translations, domain)
        print("\n".join(refused) or "every translation taken")
        return 1 if refused else 0
    steps = argv or ["extract", "update", "compile"]
    for step in steps:
        if step == "extract":
            write_templates()
        elif step == "update":
            update()
        elif step == "compile":
            compile_all()
        elif step == "check":
            found = stale() + [p for code in languages() for domain in DOMAINS
                               for p in problems(code, domain)]
            print("\n".join(found) or "every catalogue is complete and compiled")
            return 1 if found else 0
        else:
            print(f"unknown step {step!r}: extract, update, compile or check")
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
