"""A read bridge file speaks the page's language: its problems, notes, reasons and
disagreements, which bridgefiles writes as the engine's `Words`, are said in French or
Dutch with the engine's own reasons inside them; and every such phrase that any file of the
shared folder (or ours) brings up has its French and Dutch."""

import re
from html import unescape
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile

from bridgefiles.services import bridge_file_read
from scoring.words import Words

OURS = Path(__file__).parent / "files"
SHARED = settings.BASE_DIR.parent / "shared" / "bridge-files" / "files"
TAGS = re.compile(r"<[^>]+>")


def _page(client, language: str, name: str = "broken.pbn") -> str:
    path = OURS / name
    response = client.post(
        f"/{language}/files/", {"file": SimpleUploadedFile(name, path.read_bytes())}
    )
    assert response.status_code == 200
    return " ".join(unescape(TAGS.sub(" ", response.content.decode())).split())


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said", "english"),
    [
        (
            "fr",
            [
                "Les parties qui n'ont pas pu être lues",
                "« 9Z » n'est pas un contrat",  # line 8's problem
                "l'étui 4 a normalement pour donneur W",  # line 20's note
                "3NT par S, 9 levées, non vulnérable : N-S +400",  # the disagreement's reason
                "Marque N-S",  # what differs
                "n'est jamais fermé",
            ],
            ["is not a contract", "normally dealt", "9 tricks", "never closed", "What the file"],
        ),
        (
            "nl",
            [
                "Delen die niet gelezen konden worden",
                "‘9Z’ is geen contract",
                "spel 4 heeft normaal gever W",
                "3NT door S, 9 slagen, niet kwetsbaar: N-Z +400",
                "Score N-Z",
                "wordt nooit gesloten",
            ],
            ["is not a contract", "normally dealt", "9 tricks", "never closed", "What the file"],
        ),
    ],
)
def test_a_read_files_problems_notes_and_reasons_are_in_the_pages_language(
    client, language, said, english
):
    page = _page(client, language).replace("\u00a0", " ")
    assert [words for words in said if words not in page] == []
    assert [words for words in english if words in page] == []


def _words_of(read) -> list[Words]:
    """Every phrase bridgefiles wrote for a read file, with the Words inside each."""
    found = [p.message for p in read.contents.problems + read.contents.notes]
    for board in read.checked.boards:
        found += [row.reason for row in board.rows] + [row.short for row in board.rows]
        found += board.not_compared
    found += read.checked.session_notes + [name for name, _ in read.checked.standings]
    for d in read.checked.disagreements:
        found += [d.row, d.what, d.engine_figure, d.why]
    found += [m.home for m in read.checked.matches] + [m.visit for m in read.checked.matches]
    inner = []
    pending = [w for w in found if isinstance(w, Words)]
    while pending:
        words = pending.pop()
        inner.append(words)
        pending += [v for v in words.args.values() if isinstance(v, Words)]
    return inner


FILES = sorted(SHARED.glob("*.pbn")) + sorted(SHARED.glob("*.lin")) + sorted(OURS.glob("*.pbn"))


def _translated(language: str) -> set[str]:
    """Every English message (singular or plural) the catalogues translate in `language`."""
    found = set()
    root = Path(settings.BASE_DIR)
    for path in [
        *root.glob(f"*/locale/{language}/LC_MESSAGES/django.po"),
        root / "locale" / language / "LC_MESSAGES" / "django.po",
    ]:
        for entry in polib.pofile(str(path)).translated_entries():
            found |= {entry.msgid, entry.msgid_plural}
    return found


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_every_phrase_any_file_brings_up_has_a_translation(language):
    if not SHARED.is_dir():
        pytest.skip("the shared bridge files are not beside the project")
    translated = _translated(language)
    seen, untranslated = set(), set()
    for path in FILES:
        read = bridge_file_read(name=path.name, data=path.read_bytes())
        for words in _words_of(read):
            if words.is_only_joining:
                continue
            seen.add(words.template)
            if (words.singular or words.template) not in translated:
                untranslated.add(words.template)
    assert len(seen) >= 25  # the files bring up the reader's, the checks' and the engine's
    assert sorted(untranslated) == []
