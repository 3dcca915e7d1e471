"""Students' first names: what the class accepts, keeps and counts as the same name.

A name is kept as typed, in Unicode's composed form (NFC: "José" typed as ``J o s e``
and a combining acute accent is kept as the one letter ``é``), trimmed, with inner spaces
made single and **invisible characters taken out**: every Default_Ignorable_Code_Point of
Unicode (zero-width spaces and joiners, the soft hyphen, word joiners, variation
selectors, bidirectional controls, the Hangul fillers such as U+3164, tag characters…;
:data:`INVISIBLE`, from DerivedCoreProperties.txt). They change nothing a reader sees, so
the name without them is the name; a name made of them alone shows nothing and is
refused as empty. (Zero-width joiners only shape letters in a few scripts; the name reads
the same without them.)

A name is words of letters (each letter may carry up to three combining marks: accents,
the vowel signs of Indian scripts), joined by a space, an apostrophe, a full stop or a
hyphen, with a full stop at the end if wanted; no digits; :data:`MAX_NAME` characters
at most (:func:`check_name`).

Two names are **the same** (:func:`same_name`, in the spirit of the "skeletons" of
Unicode's UTS #39, Unicode Security Mechanisms) when they are equal ignoring case and
compatibility forms (NFKC: full-width ``Ａｎａ`` is ``Ana``), or when they look alike:
each character is mapped to the Latin letter it looks like (:data:`LOOK_ALIKES`) before
case is ignored, so Cyrillic ``Аna`` (with U+0410) is the same name as Latin ``Ana``.

What :data:`LOOK_ALIKES` covers, and what it does not: it is a short table written for
names, not the whole of UTS #39's confusables.txt. It holds the Cyrillic and Greek
letters that look like a Latin letter in common fonts (capital and small, each mapped
in its own case: Greek ``Ν`` looks like ``N``, ``ν`` like ``v``) and a few Latin
letters of the phonetic alphabet (``ɑ``, ``ɡ``, ``ɩ``); fullwidth and mathematical
letters are covered by NFKC, accented letters by decomposing them first (Cyrillic ``Ӧ``
is ``O`` with a diaeresis). It does not cover Armenian, Cherokee, Coptic or other
scripts' look-alikes, Latin small capitals, look-alike pairs within one script (``rn``
and ``m``, ``I`` and ``l``: real names differ that way, and with case ignored Ian and
Lan would clash), nor digits and symbols (a name has none). Case is ignored after
mapping, so a Cyrillic capital that looks like a Latin capital also matches that
letter's small form (``Нина`` with a Cyrillic ``Н`` and ``hина``). Standard library only.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from ...core.words import one_line
from . import ClassError

__all__ = ["INVISIBLE", "LOOK_ALIKES", "MAX_NAME", "check_name", "clean_name", "name_keys",
           "same_name", "skeleton"]

#: The longest name kept, in characters (after NFC).
MAX_NAME = 24

#: Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt, Unicode 15):
#: characters that show nothing. Taken out of every name.
INVISIBLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),    # soft hyphen
    (0x034F, 0x034F),    # combining grapheme joiner
    (0x061C, 0x061C),    # Arabic letter mark
    (0x115F, 0x1160),    # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),    # Khmer inherent vowels
    (0x180B, 0x180F),    # Mongolian free variation selectors and vowel separator
    (0x200B, 0x200F),    # zero-width space, (non-)joiner, direction marks
    (0x202A, 0x202E),    # bidirectional embeddings and overrides
    (0x2060, 0x206F),    # word joiner, invisible operators, bidirectional isolates
    (0x3164, 0x3164),    # Hangul filler
    (0xFE00, 0xFE0F),    # variation selectors
    (0xFEFF, 0xFEFF),    # zero-width no-break space (byte order mark)
    (0xFFA0, 0xFFA0),    # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),    # unassigned specials
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE0FFF),  # tags and variation selectors supplement
)

#: Letters that look like a Latin letter, mapped to it (see the module: what is covered).
LOOK_ALIKES: dict[str, str] = {
    # Cyrillic capitals
    "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K",
    "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y", "Х": "X",
    "Ү": "Y", "Һ": "H", "Ӏ": "I", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Ѵ": "V",
    # Cyrillic small letters
    "а": "a", "е": "e", "ѕ": "s", "і": "i", "ј": "j", "о": "o", "р": "p", "с": "c",
    "у": "y", "х": "x", "ү": "y", "һ": "h", "ӏ": "l", "ԁ": "d", "ԛ": "q", "ԝ": "w",
    "ѵ": "v",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    "ϒ": "Y",
    # Greek small letters
    "α": "a", "γ": "y", "ι": "i", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "ϲ": "c",
    "ϳ": "j",
    # Latin letters of the phonetic alphabet
    "ɑ": "a", "ɡ": "g", "ɩ": "i",
}

_SEPARATORS = " '’.-"
#: A name's shape: ``a`` a letter, ``m`` a combining mark, separators as themselves.
_SHAPE = re.compile(r"(?:am{0,3})+(?:[ '’.-](?:am{0,3})+)*\.?")


def _visible(text: str) -> str:
    return "".join(c for c in text if not any(lo <= ord(c) <= hi for lo, hi in INVISIBLE))


def clean_name(name: str) -> str:
    """``name`` as the class keeps it: invisible characters taken out, composed (NFC),
    trimmed, inner spaces made single."""
    return " ".join(unicodedata.normalize("NFC", _visible(name)).split())


def _shape(name: str) -> str:
    return "".join(c if c in _SEPARATORS else {"L": "a", "M": "m"}.get(
        unicodedata.category(c)[0], "x") for c in name)


def check_name(name: Any) -> str:
    """The name the class keeps for ``name`` as typed (:func:`clean_name`); ClassError
    saying in plain words what to type if it is not a first name."""
    if isinstance(name, str):
        kept = clean_name(name)
        if not kept and name.strip():
            raise ClassError("name: what you typed shows no letters (only invisible "
                             "characters): type your first name")
        if kept and len(kept) <= MAX_NAME and _SHAPE.fullmatch(_shape(kept)):
            return kept
    raise ClassError(f"name: type your first name ({MAX_NAME} letters at most, no digits), "
                     "not " + one_line(repr(name), 40))


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFD", text.casefold()).split())


def skeleton(name: str) -> str:
    """What ``name`` looks like: invisible characters out, compatibility forms made plain
    (NFKC), each character that looks like a Latin letter made that letter
    (:data:`LOOK_ALIKES`, on the decomposed form), then case ignored (casefold, NFD)."""
    text = unicodedata.normalize("NFD", _visible(unicodedata.normalize("NFKC", _visible(name))))
    return _folded("".join(LOOK_ALIKES.get(c, c) for c in text))


def name_keys(name: str) -> tuple[str, str]:
    """Two keys of ``name``: equal ignoring case (after NFKC, invisible characters out),
    and its :func:`skeleton`; two names are the same when either key is."""
    plain = _folded(_visible(unicodedata.normalize("NFKC", _visible(name))))
    return plain, skeleton(name)


def same_name(a: str, b: str) -> bool:
    """True when names ``a`` and ``b`` are the same for the class: equal ignoring case,
    invisible characters and compatibility forms, or looking alike (:func:`skeleton`)."""
    ka, kb = name_keys(a), name_keys(b)
    return ka[0] == kb[0] or ka[1] == kb[1]
