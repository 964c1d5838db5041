"""The translation catalogues: every text marked in the source is in every shipped
language's catalogue, translated, with the English text's placeholders; the compiled
``.mo`` files are those of the ``.po`` as they are; every letter of every translation has a
glyph in a bundled font.  ``python3 tools/catalogues.py`` brings them up to date."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from helpers import load_script

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    return load_script(ROOT / "tools" / "catalogues.py", "catalogues")


catalogues = _tool()
SHIPPED = catalogues.languages()


def test_every_language_of_the_settings_has_catalogues():
    assert sorted(SHIPPED) == sorted(["fa", "de", "es", "fr", "zh_Hans"])
    for code in SHIPPED:
        for domain in catalogues.DOMAINS:
            assert catalogues.po_path(code, domain).is_file(), (code, domain)


def test_the_catalogues_hold_every_marked_text_and_are_compiled():
    """Extraction is up to date: no text wrapped in the source is missing from a template
    or a catalogue, none gone from the source is kept, and each .mo is its .po compiled."""
    assert catalogues.stale() == []


@pytest.mark.parametrize("code", SHIPPED)
def test_the_program_is_translated_whole(code):
    """Nothing of the program left in English, and no placeholder lost or made up (a
    translation naming {nmae} would raise where it is shown)."""
    assert catalogues.problems(code, i18n.DOMAIN) == []


@pytest.mark.parametrize("code", SHIPPED)
def test_the_rules_pages_translations_keep_their_placeholders_and_tags(code):
    """The rules pages: whatever is translated keeps the English text's bold and italic
    words and placeholders."""
    wrong = [p for p in catalogues.problems(code, i18n.RULES_DOMAIN)
             if "not translated" not in p and "is fuzzy" not in p]
    assert wrong == []


@pytest.mark.parametrize("code", SHIPPED)
def test_the_rules_pages_are_translated_whole(code):
    assert catalogues.problems(code, i18n.RULES_DOMAIN) == []


@pytest.mark.parametrize("code", SHIPPED)
def test_every_letter_of_every_translation_has_a_glyph_in_a_bundled_font(code):
    """No empty boxes: Persian from the Persian font, Chinese from the Chinese one."""
    from scenes import assets
    fonts = [assets._font_file(False), *assets._fallback_order(code)]
    cover = set().union(*(assets._coverage(f) for f in fonts))
    missing = set()
    for domain in catalogues.DOMAINS:
        for message in catalogues.read(catalogues.po_path(code, domain), code):
            strings = [message.string] if isinstance(message.string, str) else message.string
            for string in strings:
                missing |= {ch for ch in string or "" if not ch.isspace()
                            and ord(ch) not in cover and ch not in "\u200c\u200d"}
    assert not missing, f"no glyph for {sorted(missing)}"


def test_a_translation_is_used_where_its_text_is_shown():
    """The catalogues are read by the program: a text, a plural and a name in a sentence."""
    try:
        i18n.use("de")
        assert i18n._("Resign") == "Aufgeben"
        assert i18n.ngettext("{n} game", "{n} games", 1).format(n=1) == "1 Partie"
        assert i18n.ngettext("{n} game", "{n} games", 3).format(n=3) == "3 Partien"
        i18n.use("fa")
        assert i18n._("{name} wins!").format(name=i18n.isolated("Ann")) == \
            "\u2068Ann\u2069 برد!"
        i18n.use("zh_Hans")
        assert i18n._("Settings") == "设置"
    finally:
        i18n.use("en")
