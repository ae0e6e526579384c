"""A file broken anywhere is read where it is sound or refused with a message: never an error.

Mutations of the project's own small files and the shared real ones (fixed seed): a byte
changed, PBN's and LIN's punctuation inserted, a stretch cut out.
"""

import random

import pytest
from django.conf import settings

from bridgefiles.services import UnreadableFile, bridge_file_read

SHARED = settings.BASE_DIR.parent / "shared" / "bridge-files" / "files"
OURS = settings.BASE_DIR / "tests" / "bridgefiles" / "files"
NOISE = b'[]"{};%#-?*|\n 0123456789ANSWXPabc,.:'


def sources() -> list[bytes]:
    paths = sorted(OURS.iterdir())
    if SHARED.is_dir():
        paths += [p for p in sorted(SHARED.iterdir()) if p.suffix in (".pbn", ".lin")]
    return [p.read_bytes()[:20_000] for p in paths]


def mutated(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 30)):
        at = rng.randrange(len(data)) if data else 0
        roll = rng.random()
        if roll < 0.4 and data:
            data[at] = rng.choice(NOISE)
        elif roll < 0.7:
            data[at:at] = bytes(rng.choice(b'[]"{}\n;|') for _ in range(rng.randint(1, 4)))
        elif data:
            del data[at : at + rng.randint(1, 40)]
    return bytes(data)


@pytest.mark.parametrize("seed", range(4))
def test_a_mutated_file_is_read_or_refused_never_an_error(seed):
    rng = random.Random(seed)
    files = sources()
    for _ in range(40):
        data = mutated(rng, rng.choice(files))
        name = rng.choice(["club.pbn", "bbo.lin"])
        try:
            read = bridge_file_read(name=name, data=data)
        except UnreadableFile as refused:
            assert str(refused)  # a message a person can act on
            continue
        # What could not be read is named by its line.
        assert all(p.line >= 1 for p in [*read.contents.problems, *read.contents.notes])
