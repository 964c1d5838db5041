"""The players' languages: every text a player reads goes through the functions here.

The texts are GNU gettext catalogues, kept as ``locale/<language>/LC_MESSAGES/<domain>.po``
and compiled to ``.mo`` beside them by ``python3 tools/catalogues.py`` (Babel); the source
texts are English.  Two domains: ``callidus`` (the program's words) and ``rules`` (the rules
pages' texts, each under its game's name as context).  Pure Python (the standard library's
``gettext``), so the rules' messages can be translated as well as the screens'.

How a text is written so that every language can say it (``docs`` of the catalogues are the
README's "Adding a language"):

- whole sentences, never pieced together from translated fragments; what changes goes in
  named placeholders, filled after translating: ``_("{name} wins!").format(name=...)``;
- a count in the sentence takes ``ngettext`` (languages differ in how many plural forms
  they have): ``ngettext("{n} move", "{n} moves", n).format(n=number(n))``;
- a number shown goes through ``number`` (Persian digits, where the player chose them), a
  player's name through ``isolated`` (drawn in its own direction inside the sentence);
- texts kept in a table at import time are marked with ``N_`` and translated where shown.
"""

from __future__ import annotations

import gettext
import locale as _locale
import os
import sys
import threading
import unicodedata
from dataclasses import dataclass
from pathlib import Path

DOMAIN = "callidus"
RULES_DOMAIN = "rules"


@dataclass(frozen=True)
class Language:
    code: str            # the catalogue's folder name: "fa", "zh_Hans"
    name: str            # in its own words, as the settings screen lists it
    rtl: bool = False    # written right to left
    widgets: str = ""    # pygame_gui's name for it (its translation files); "" = code


#: Every language shipped, in the order the settings screen lists them.
LANGUAGES = {
    "en": Language("en", "English"),
    "fa": Language("fa", "فارسی", rtl=True),
    "de": Language("de", "Deutsch"),
    "es": Language("es", "Español"),
    "fr": Language("fr", "Français"),
    "zh_Hans": Language("zh_Hans", "中文(简体)"),
}
SOURCE = "en"

#: Persian (extended Arabic-Indic) digits, for the players who want them.
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")

# Unicode's first strong isolate and pop directional isolate: the text between them is laid
# out in its own direction, so a Latin name in a Persian sentence (or a Persian one in an
# English sentence) neither turns round nor pulls the words beside it out of their places.
FSI, PDI = "\u2068", "\u2069"


def locale_dir() -> Path:
    """Where the catalogues are: ``locale/`` beside ``game/``, or in the app bundle."""
    frozen = getattr(sys, "_MEIPASS", None)
    base = Path(frozen) if frozen else Path(__file__).resolve().parent.parent
    return base / "locale"


class _State:
    code = SOURCE
    persian_digits = False
    program: gettext.NullTranslations = gettext.NullTranslations()
    rules: gettext.NullTranslations = gettext.NullTranslations()


_state = _State()


class _Thread(threading.local):
    source = False          # this thread speaks the source texts (``source_language_here``)


_thread = _Thread()


def _catalogue(domain: str, code: str) -> gettext.NullTranslations:
    if code == SOURCE:
        return gettext.NullTranslations()
    try:
        return gettext.translation(domain, str(locale_dir()), languages=[code])
    except (OSError, ValueError):        # a missing or unreadable catalogue: English
        return gettext.NullTranslations()


def use(code: str, persian_digits: bool | None = None, reload: bool = False) -> str:
    """Speak ``code`` from now on (an unknown code: English); returns the code in use.
    ``reload``: read its catalogues again (after they were compiled anew)."""
    code = code if code in LANGUAGES else SOURCE
    if code != _state.code or reload:
        _state.program = _catalogue(DOMAIN, code)
        _state.rules = _catalogue(RULES_DOMAIN, code)
        _state.code = code
    if persian_digits is not None:
        _state.persian_digits = bool(persian_digits)
    return code


def source_language_here() -> None:
    """From now on the calling thread speaks English, the source texts, whatever the
    program's language: a network host's thread, whose words (a refusal, how a game
    ended) go to other programs as machine text, each player's program wording what it
    shows in its own language."""
    _thread.source = True


def language() -> Language:
    """The language in use."""
    return LANGUAGES[_state.code]


def rtl() -> bool:
    """Whether the language in use is written right to left: its screens' text is
    right-aligned, and layouts whose order means something (columns, lists of moves,
    results) run from the right."""
    return LANGUAGES[SOURCE if _thread.source else _state.code].rtl


def system_language(environ=None) -> str:
    """The shipped language that fits the system's locale best, English where none fits.

    ``CALLIDUS_LANGUAGE`` names it outright (tests, trying a language); then the variables
    gettext reads (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), then the locale Python reports, and
    on Windows the language of the desktop."""
    environ = os.environ if environ is None else environ
    wanted = environ.get("CALLIDUS_LANGUAGE", "")
    if wanted:
        return best_fit(wanted.split(":")) or SOURCE
    names = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            names += value.split(":")
            break
    if not names:
        try:
            names.append(_locale.getlocale()[0] or "")
        except (ValueError, TypeError):
            pass
        if sys.platform == "win32":
            names.append(_windows_language())
    return best_fit(names) or SOURCE


def _windows_language() -> str:
    try:
        import ctypes
        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
        return _locale.windows_locale.get(lcid, "")
    except (AttributeError, OSError, ValueError):
        return ""


def best_fit(names) -> str | None:
    """The first of ``names`` (locale names: ``de_AT.UTF-8``, ``zh_CN``, ``fa``) that a
    shipped language serves, or None.  Traditional Chinese is not served by Simplified."""
    for name in names:
        name = (name or "").split(".")[0].split("@")[0].replace("-", "_")
        if not name or name in ("C", "POSIX"):
            continue
        parts = name.split("_")
        first = parts[0].lower()
        if first == "zh":
            rest = {p.lower() for p in parts[1:]}
            if rest & {"hant", "tw", "hk", "mo"}:
                continue
            return "zh_Hans"
        if first in LANGUAGES:
            return first
    return None


# --- translating ------------------------------------------------------------------------

def _(message: str) -> str:
    """``message`` in the language in use."""
    if _thread.source:
        return message
    return _state.program.gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged: marks a text kept in a table to be translated where shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that fits the count ``n`` in the language in use."""
    if _thread.source:
        return singular if n == 1 else plural
    return _state.program.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated as meant in ``context`` (a short word that tells translators
    apart two uses of the same English text)."""
    if _thread.source:
        return message
    return _state.program.pgettext(context, message)


def rules_text(game: str, message: str) -> str:
    """A text of ``game``'s rules pages in the language in use."""
    return _state.rules.pgettext(game, message)


# --- numbers and names inside sentences ---------------------------------------------------

def digits(text: str) -> str:
    """``text`` with its digits as the player reads them (Persian digits when chosen)."""
    if _state.persian_digits and _state.code == "fa" and not _thread.source:
        return str(text).translate(PERSIAN_DIGITS)
    return str(text)


#: The decimal separator of each language that does not write a point.
DECIMAL = {"de": ",", "es": ",", "fr": ","}


def number(n) -> str:
    """A number for a sentence: ``number(17)`` is "17" (or "۱۷"), ``number(0.5)`` "0.5"
    (or "0,5", or "۰٫۵")."""
    if isinstance(n, float):
        text = f"{n:g}"
        if _thread.source:
            return text
        if _state.persian_digits and _state.code == "fa":
            return digits(text.replace(".", "\u066b"))
        return text.replace(".", DECIMAL.get(_state.code, "."))
    return digits(str(n))


def isolated(name) -> str:
    """``name`` (a player's, an entrant's, a file's) set apart for the bidirectional
    algorithm, so it is drawn in its own direction inside the sentence around it; unchanged
    where nothing in the sentence or the name is written right to left."""
    name = str(name)
    if not name or not (rtl() or any(_strong_rtl(ch) for ch in name)):
        return name
    return f"{FSI}{name}{PDI}"


def left_to_right(text: str) -> str:
    """``text`` kept left to right in any language: signs whose order is the layout's own
    ("|<", "<" of a time line running from the left), which a right-to-left sentence would
    mirror (unchanged in a language written left to right)."""
    return f"\u2066{text}{PDI}" if rtl() else text


def _strong_rtl(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


def listed(words) -> str:
    """``words`` as a list in a sentence: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    words = [str(w) for w in words]
    if len(words) <= 1:
        return "".join(words)
    # TRANSLATORS: between the names of a list but the last two ("Ann, Bo and Cy")
    head = pgettext("list", ", ").join(words[:-1])
    return _("{names} and {last}").format(names=head, last=words[-1])


def plain(text: str) -> str:
    """``text`` without the isolates ``isolated`` put in (for logs and file names)."""
    return str(text).replace(FSI, "").replace(PDI, "")
