"""Reading the engine's .po catalogues and compiling them for a test, with no gettext tools.

The .mo files are built, not kept in the repository: a test compiles the .po it reads into
a folder of its own, so it proves the catalogues as committed.
"""

import ast
import struct
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "scoring" / "locale"
LANGUAGES = ("fr", "nl")


def read_po(language: str) -> dict:
    """{msgid: msgstr} and {(singular, plural): (msgstr[0], msgstr[1], ...)}; the header
    under ""."""
    entries, entry, field = {}, {}, None

    def close():
        if "msgid" in entry:
            if "msgid_plural" in entry:
                forms = tuple(entry[k] for k in sorted(entry) if k.startswith("msgstr["))
                entries[entry["msgid"], entry["msgid_plural"]] = forms
            else:
                entries[entry["msgid"]] = entry.get("msgstr", "")
        entry.clear()

    for line in (LOCALE / language / "LC_MESSAGES" / "django.po").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            if not line:
                close()
            continue
        if line.startswith('"'):
            entry[field] += ast.literal_eval(line)
            continue
        field, _, text = line.partition(" ")
        if field == "msgid" and "msgid" in entry:
            close()
        entry[field] = ast.literal_eval(text)
    close()
    return entries


def write_mo(entries: dict, path: Path) -> None:
    """The GNU .mo format: a header, the sorted originals, the translations (no hash table)."""
    pairs = []
    for key, value in entries.items():
        if isinstance(key, tuple):
            pairs.append(("\0".join(key).encode(), "\0".join(value).encode()))
        else:
            pairs.append((key.encode(), value.encode()))
    pairs.sort()
    count = len(pairs)
    start = 7 * 4 + 16 * count
    originals, translations, data = [], [], b""
    for key, _ in pairs:
        originals.append((len(key), start + len(data)))
        data += key + b"\0"
    for _, value in pairs:
        translations.append((len(value), start + len(data)))
        data += value + b"\0"
    header = struct.pack("Iiiiiii", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, 0)
    tables = b"".join(struct.pack("ii", *pair) for pair in originals + translations)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + tables + data)


def compile_catalogues(folder: Path) -> Path:
    """Every language's catalogue compiled under `folder`, laid out as a LOCALE_PATHS entry."""
    for language in LANGUAGES:
        write_mo(read_po(language), folder / language / "LC_MESSAGES" / "django.mo")
    return folder
